// The to-do badge counters of the live channel (settings-messaging-shared §7 topics): per user,
// the UNREAD and the open (UNREAD or READ) to-dos addressed to any of their contacts; per
// company, the open and the favourited (DELAYED) to-dos addressed to it. A writer that changes
// to-dos calls `emitTodoCounters` inside its transaction, so the new counts go out on commit.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TodoState } from '../../src/domain/todos/todoCodes';
import { TOPICS } from '../../src/domain/todos/topics';
import type { AuthUser } from '../auth/session';
import type { Db, Tx } from '../db/database';
import { contacts, todos } from '../db/schema/index';

type Reader = Db | Tx;

const UNREAD: TodoState = 'UNREAD';
const OPEN: readonly TodoState[] = ['UNREAD', 'READ'];
const DELAYED: TodoState = 'DELAYED';

/** Whose counters a to-do change moves: users directly, or through the contacts it was addressed to. */
export type CounterTargets = {
  userIds?: readonly number[];
  contactIds?: readonly number[];
  companyIds?: readonly number[];
};

export type UserCounts = { unread: number; undealt: number };
export type CompanyCounts = { companyId: number; undealt: number; delay: number };
export type TodoCounters = UserCounts & { companies: CompanyCounts[] };

const inList = (states: readonly TodoState[]) =>
  sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );

async function userCounts(db: Reader, userIds: number[]): Promise<Map<number, UserCounts>> {
  const counts = new Map<number, UserCounts>(userIds.map((id) => [id, { unread: 0, undealt: 0 }]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({
      accountId: contacts.accountId,
      unread: sql<number>`(count(*) filter (where ${todos.state} = ${UNREAD}))::int`,
      undealt: sql<number>`(count(*) filter (where ${todos.state} in (${inList(OPEN)})))::int`,
    })
    .from(contacts)
    .innerJoin(todos, eq(todos.toContactsId, contacts.id))
    .where(and(inArray(contacts.accountId, userIds), eq(contacts.status, 'IN_SERVICE')))
    .groupBy(contacts.accountId);
  for (const row of rows) {
    if (row.accountId !== null) {
      counts.set(row.accountId, { unread: Number(row.unread), undealt: Number(row.undealt) });
    }
  }
  return counts;
}

async function companyCounts(db: Reader, companyIds: number[]): Promise<CompanyCounts[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({
      companyId: todos.toCompanyId,
      undealt: sql<number>`(count(*) filter (where ${todos.state} in (${inList(OPEN)})))::int`,
      delay: sql<number>`(count(*) filter (where ${todos.state} = ${DELAYED}))::int`,
    })
    .from(todos)
    .where(inArray(todos.toCompanyId, companyIds))
    .groupBy(todos.toCompanyId);
  const found = new Map(rows.map((r) => [r.companyId, r]));
  return companyIds.map((companyId) => {
    const row = found.get(companyId);
    return { companyId, undealt: Number(row?.undealt ?? 0), delay: Number(row?.delay ?? 0) };
  });
}

async function accountsOfContacts(db: Reader, contactIds: readonly number[]): Promise<number[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ accountId: contacts.accountId })
    .from(contacts)
    .where(and(inArray(contacts.id, [...contactIds]), isNotNull(contacts.accountId)));
  return rows.flatMap((r) => (r.accountId === null ? [] : [r.accountId]));
}

/** The targets a set of changed to-dos (before and after the change) affects. */
export function counterTargetsOf(
  rows: ReadonlyArray<{ toCompanyId: number; toContactsId: number | null }>,
): Required<Pick<CounterTargets, 'contactIds' | 'companyIds'>> {
  return {
    contactIds: [
      ...new Set(rows.flatMap((r) => (r.toContactsId === null ? [] : [r.toContactsId]))),
    ],
    companyIds: [...new Set(rows.map((r) => r.toCompanyId))],
  };
}

/** Where a writer's live events wait for its commit: the sync layer's ChangeSet is one. */
type EventQueue = { emit(topic: string, payload: unknown): void };

/** Queues the current counts of every affected user and company (sent when `tx` commits). */
export async function emitTodoCounters(
  tx: Reader,
  changes: EventQueue,
  affected: CounterTargets,
): Promise<void> {
  const userIds = [
    ...new Set([
      ...(affected.userIds ?? []),
      ...(await accountsOfContacts(tx, affected.contactIds ?? [])),
    ]),
  ];
  const companyIds = [...new Set(affected.companyIds ?? [])];
  for (const [userId, counts] of await userCounts(tx, userIds)) {
    changes.emit(TOPICS.myUnread(userId), { count: counts.unread });
    changes.emit(TOPICS.myUndealt(userId), { count: counts.undealt });
  }
  for (const counts of await companyCounts(tx, companyIds)) {
    changes.emit(TOPICS.allUserUndealt(counts.companyId), { count: counts.undealt });
    changes.emit(TOPICS.allUserDelay(counts.companyId), { count: counts.delay });
  }
}

/** The counters as they stand, for the badge's first paint (GET /todos-api/v7/statistics). */
export async function countersFor(db: Reader, user: AuthUser): Promise<TodoCounters> {
  const mine = (await userCounts(db, [user.accountId])).get(user.accountId) ?? {
    unread: 0,
    undealt: 0,
  };
  const companies = await companyCounts(
    db,
    user.memberships.map((m) => m.companyId),
  );
  return { ...mine, companies };
}
