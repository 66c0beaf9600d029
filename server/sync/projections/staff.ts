// An employee as the company's clients see it (settings-messaging-shared §3 "Contact or
// employee"), with the login account bound to it. Birthday, comment and the bank account are not
// synced: the employee endpoints add them (server/partners/staffService.ts).
import { inArray } from 'drizzle-orm';
import type { StaffRow } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import { accounts, contacts } from '../../db/schema/index';
import { byId, unique } from './shared';

export async function loadStaffRows(db: Reader, ids: number[]): Promise<Map<number, StaffRow>> {
  const result = new Map<number, StaffRow>();
  if (ids.length === 0) return result;
  const rows = await db.select().from(contacts).where(inArray(contacts.id, ids));
  const accountMap = await byId(
    unique(rows.map((r) => r.accountId)).length
      ? db
          .select({
            id: accounts.id,
            name: accounts.name,
            username: accounts.username,
            mobile: accounts.mobile,
            avatarUrl: accounts.avatarUrl,
          })
          .from(accounts)
          .where(inArray(accounts.id, unique(rows.map((r) => r.accountId))))
      : Promise.resolve([]),
  );
  for (const contact of rows) {
    const account = contact.accountId ? accountMap.get(contact.accountId) : undefined;
    result.set(contact.id, {
      id: contact.id,
      company_id: contact.companyId,
      name: contact.name,
      gender: contact.gender,
      mobile: contact.mobile,
      phone: contact.phone,
      email: contact.email,
      position: contact.position,
      language: contact.language,
      qq: contact.qq,
      status: contact.status,
      is_admin: contact.isAdmin,
      visibility: contact.visibility,
      avatar: contact.avatarUrl,
      login_user: account
        ? {
            id: account.id,
            name: account.username,
            mobile: account.mobile,
            avatar: account.avatarUrl,
          }
        : null,
      version: contact.version,
    });
  }
  return result;
}
