// Who acts on a to-do: the company they act for now (currentCompanyId, or the simulator's
// supplier), their contact in it, and all their contacts (the domain's InboxUser), so the
// take-over rule and the @-prefix rule see the same user the app sees.
import type { InboxUser, UserContact } from '../../src/domain/todos/todoItem';
import type { AuthUser, Membership } from '../auth/session';

export type Actor = {
  companyId: number;
  contactId: number | null;
  /** Every contact of the user, one per company they belong to. */
  contacts: UserContact[];
  /** The user as the domain's inbox rules take it (the simulator has no account: id 0). */
  inboxUser: InboxUser;
};

export function actorOf(user: AuthUser, membership: Membership): Actor {
  const contacts = user.memberships.map((m) => ({
    id: m.contactId,
    company_id: m.companyId,
    name: m.contactName,
  }));
  return {
    companyId: membership.companyId,
    contactId: membership.contactId,
    contacts,
    inboxUser: { id: user.accountId, name: user.name, contacts },
  };
}

/** A contact acting without a signed-in user (the supplier simulator, scripts). */
export function contactActor(contact: { id: number; companyId: number; name: string }): Actor {
  const contacts = [{ id: contact.id, company_id: contact.companyId, name: contact.name }];
  return {
    companyId: contact.companyId,
    contactId: contact.id,
    contacts,
    inboxUser: { id: 0, name: contact.name, contacts },
  };
}
