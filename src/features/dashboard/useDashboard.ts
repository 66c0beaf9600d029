// The 工作台's figures, read live from the local database: a pulled page or an offline change
// moves them at once. The months and "today" follow the clock, read again with each change.
import { useLiveQuery } from 'dexie-react-hooks';
import { type DashboardFigures, readDashboard } from '../../data/dashboard';
import { monthsUpTo, SPEND_MONTHS } from '../../domain/dashboard/figures';
import { useLocalDb } from '../../platform/sync/useLocalDb';

/** The newest open to-dos the dashboard lists. */
export const DASHBOARD_TODOS = 5;

export interface Dashboard extends DashboardFigures {
  /** The business months the spend covers, oldest first. */
  months: string[];
}

/** Undefined while the first read runs. */
export function useDashboard(companyId: number, contactId: number): Dashboard | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    const months = monthsUpTo(Date.now(), SPEND_MONTHS);
    const figures = await readDashboard(db, {
      companyId,
      contactId,
      firstMonth: months[0] ?? '',
      todos: DASHBOARD_TODOS,
    });
    return { ...figures, months };
  }, [db, companyId, contactId]);
}
