// The signed-in user as the inbox rules see them (src/domain/todos/todoRules.ts): one contact per
// company they work for, the company they work in now, and those companies for the to-do page's
// queries (every company of the user is synced to the device, so the page lists them all).
import { useMemo } from 'react';
import type { InboxCompany } from '../../data/lists/queries';
import type { InboxUser } from '../../domain/todos/todoItem';
import { useSession } from '../../platform/session/useSession';

export interface InboxContext {
  user: InboxUser;
  currentCompanyId: number;
  myCompanyIds: readonly number[];
  companies: readonly InboxCompany[];
  timeZone: string;
}

export function useInboxContext(): InboxContext {
  const { account, companies, currentCompany } = useSession();
  return useMemo(
    () => ({
      user: {
        id: account.id,
        name: account.name,
        contacts: companies.map((c) => ({ id: c.contactId, company_id: c.id, name: account.name })),
      },
      currentCompanyId: currentCompany.id,
      myCompanyIds: companies.map((c) => c.id),
      companies: companies.map((c) => ({ companyId: c.id, contactId: c.contactId })),
      timeZone: account.timezone,
    }),
    [account, companies, currentCompany.id],
  );
}
