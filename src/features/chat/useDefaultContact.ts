// Whom the chat panel writes to (settings-messaging-shared §7 "Message panel"): the record's
// default contact from the server (GET …/orders/{id}/default_contacts_user for an order, the
// inquiry call for a sheet), kept on the device per record so the panel knows it offline. Before
// any answer the record's own contact stands in; null means there is none (the message then goes
// to the fallback company).
import { useEffect, useState } from 'react';
import type { ChatContact } from '../../contract/api/chat';
import { APP_ROUTES } from '../../contract/api/routes';
import { useApi } from '../../platform/api/useApi';
import { readPersisted, writePersisted } from '../../platform/persisted';
import type { ChatTarget } from './chatTarget';

/** Records remembered per device; the oldest are forgotten first. */
const KEPT_CONTACTS = 200;

const keyOf = (accountId: number, companyId: number, target: ChatTarget) =>
  `${accountId}:${companyId}:${target.module}:${target.moduleId}`;

function remembered(key: string): ChatContact | null | undefined {
  return readPersisted('chatContacts')?.[key];
}

function remember(key: string, contact: ChatContact | null): void {
  const { [key]: _previous, ...others } = readPersisted('chatContacts') ?? {};
  const kept = Object.entries(others).slice(-(KEPT_CONTACTS - 1));
  writePersisted('chatContacts', { ...Object.fromEntries(kept), [key]: contact });
}

export function useDefaultContact(
  accountId: number,
  companyId: number,
  target: ChatTarget,
): ChatContact | null {
  const api = useApi();
  const key = keyOf(accountId, companyId, target);
  const fallback = target.localContact;
  const [contact, setContact] = useState(() => {
    const known = remembered(key);
    return known === undefined ? fallback : known;
  });
  const { module, moduleId } = target;
  useEffect(() => {
    // A record created offline is not on the server yet.
    if (moduleId < 0) return;
    let live = true;
    const answer =
      module === 'ORDER'
        ? api.call(APP_ROUTES.orderDefaultContact, { params: { orderId: moduleId }, quiet: true })
        : api.call(APP_ROUTES.sheetDefaultContact, { params: { sheetId: moduleId }, quiet: true });
    answer
      .then((found) => {
        remember(key, found);
        if (live) setContact(found);
      })
      // Offline or refused: the remembered contact (or the record's own) stays.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, key, module, moduleId]);
  return contact;
}
