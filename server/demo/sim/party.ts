// Who speaks for the supplier and to whom: the sales contact that follows the buyer (or handles
// the order), and the message that contact posts on the buyer's sheet or order through the same
// service the message panel's POST uses, so the buyer's inbox, the sync feed and the live topics
// carry it. The message is part of the action's transaction: if it cannot be posted, the action
// is undone with it and tried again later (the runner's back-off).
import { and, asc, eq } from 'drizzle-orm';
import type { TodoModule } from '../../../src/domain/todos/todoCodes';
import type { Tx } from '../../db/database';
import { companies, contacts } from '../../db/schema/index';
import { postMessage } from '../../messaging/todoService';
import type { ChangeSet } from '../../sync/changeSet';

export type SalesContact = { id: number; companyId: number; name: string };

/**
 * The supplier's contact acting on a buyer's record: the forced one (simulateOnce's
 * supplierContactId), else the first of `preferred` who is in service at the supplier, else the
 * supplier's first in-service contact. Null when the supplier has nobody in service.
 */
export async function salesContact(
  tx: Tx,
  supplierCompanyId: number,
  preferred: ReadonlyArray<number | null>,
  forced: SalesContact | null,
): Promise<SalesContact | null> {
  if (forced) return forced;
  const staff = await tx
    .select({ id: contacts.id, companyId: contacts.companyId, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, supplierCompanyId), eq(contacts.status, 'IN_SERVICE')))
    .orderBy(asc(contacts.id));
  for (const id of preferred) {
    const found = staff.find((c) => c.id === id);
    if (found) return found;
  }
  return staff[0] ?? null;
}

/** The supplier's sales manager who follows the buyer company (companies.follower_contact_id). */
export async function followerOf(tx: Tx, buyerCompanyId: number): Promise<number | null> {
  const [company] = await tx
    .select({ follower: companies.followerContactId })
    .from(companies)
    .where(eq(companies.id, buyerCompanyId));
  return company?.follower ?? null;
}

export type BuyerRecord = {
  module: TodoModule;
  id: number;
  buyerCompanyId: number;
  supplierCompanyId: number;
  /** The buyer's owner of the record: the message's addressee when still in that company. */
  ownerContactId: number | null;
};

/** Posts `text` from the supplier to the buyer on the record, to the record's owner if any. */
export async function tellBuyer(
  tx: Tx,
  changes: ChangeSet,
  record: BuyerRecord,
  from: SalesContact | null,
  text: string,
): Promise<void> {
  // The owner is the addressee only while a contact of the buyer (postMessage refuses others).
  const [owner] =
    record.ownerContactId === null
      ? []
      : await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              eq(contacts.id, record.ownerContactId),
              eq(contacts.companyId, record.buyerCompanyId),
            ),
          );
  await postMessage(tx, changes, {
    module: record.module,
    module_id: record.id,
    subject: text,
    to_company_id: record.buyerCompanyId,
    to_contacts_id: owner?.id ?? null,
    todo_files: [],
    fromContactId: from?.id ?? null,
    fromCompanyId: record.supplierCompanyId,
  });
}
