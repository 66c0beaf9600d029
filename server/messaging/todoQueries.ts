// The read side of the inbox and the message panel (settings-messaging-shared §2 "To-do and
// message inbox", "Message panel", §7 "To-dos and messages"). Every query is limited to the
// companies the caller names and may see; rows are projected as the sync feed carries them.

import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { TodoRow } from '../../src/contract/feedRows';
import {
  TODO_MODULE_LABELS,
  TODO_MODULES,
  type TodoModule,
  type TodoScope,
  type TodoState,
  type TodoType,
} from '../../src/domain/todos/todoCodes';
import type { Reader } from '../db/database';
import { companies, contacts, todos } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { contactNotDeleted } from '../partners/deletedContacts';
import { TODO_SERVER_MESSAGES as M } from './messages';
import type { ModuleRecord } from './moduleRecords';
import { projectTodos } from './todoRows';

export type Listed = { items: TodoRow[]; total: number };

const OPEN: TodoState[] = ['UNREAD', 'READ'];
const none = sql`false`;
const anyOf = (column: Parameters<typeof inArray>[0], ids: number[]): SQL =>
  ids.length === 0 ? none : inArray(column, ids);

async function listWhere(
  db: Reader,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<Listed> {
  const ids = await db
    .select({ id: todos.id })
    .from(todos)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  const [counted] = await db.select({ n: count() }).from(todos).where(where);
  return {
    items: await projectTodos(
      db,
      ids.map((r) => r.id),
    ),
    total: Number(counted?.n ?? 0),
  };
}

const newestFirst = [desc(todos.createTime), desc(todos.id)];

/**
 * GET /todos: MINE is what the user's contacts sent or received, COMPANY what the companies sent
 * or received (the sender sees the other party's unread marker); `message` false leaves MAILs only.
 */
export function listTodos(
  db: Reader,
  query: {
    scope: TodoScope;
    companyIds: number[];
    contactIds: number[];
    message: boolean;
    states: TodoState[] | undefined;
    size: number;
  },
): Promise<Listed> {
  const who =
    query.scope === 'MINE'
      ? or(
          anyOf(todos.toContactsId, query.contactIds),
          anyOf(todos.fromContactsId, query.contactIds),
        )
      : or(
          anyOf(todos.toCompanyId, query.companyIds),
          anyOf(todos.fromCompanyId, query.companyIds),
        );
  const types: TodoType[] = query.message ? ['MESSAGE', 'MAIL'] : ['MAIL'];
  const where = and(
    who,
    inArray(todos.type, types),
    query.states?.length ? inArray(todos.state, query.states) : undefined,
  );
  return listWhere(db, where, newestFirst, query.size);
}

/** GET /mails: the company's mails of the last `numberOfDays` days, by mail state. */
export function listMails(
  db: Reader,
  query: { companyId: number; mailState?: string | undefined; numberOfDays: number; size: number },
): Promise<Listed> {
  const where = and(
    eq(todos.type, 'MAIL'),
    or(eq(todos.toCompanyId, query.companyId), eq(todos.fromCompanyId, query.companyId)),
    query.mailState ? eq(todos.mailState, query.mailState) : undefined,
    sql`${todos.createTime} >= now() - ${query.numberOfDays}::int * interval '1 day'`,
  );
  return listWhere(db, where, newestFirst, query.size);
}

/** GET /todos/my_company_collects: favourited (DELAYED) to-dos addressed to the companies. */
export function listCollects(db: Reader, companyIds: number[], size: number): Promise<Listed> {
  const where = and(eq(todos.state, 'DELAYED'), anyOf(todos.toCompanyId, companyIds));
  return listWhere(db, where, [sql`${todos.delayTime} desc nulls last`, desc(todos.id)], size);
}

/** GET /{module}/{module_id}/todos: the thread of up to two records, oldest first (the panel scrolls down). */
export function listModuleMessages(
  db: Reader,
  query: {
    records: Array<{ module: TodoModule; id: number }>;
    companyIds: number[];
    types: TodoType[];
    size: number;
  },
): Promise<Listed> {
  const where = and(
    or(...query.records.map((r) => and(eq(todos.module, r.module), eq(todos.moduleId, r.id)))),
    inArray(todos.type, query.types),
    or(anyOf(todos.toCompanyId, query.companyIds), anyOf(todos.fromCompanyId, query.companyIds)),
  );
  return listWhere(db, where, [asc(todos.createTime), asc(todos.id)], query.size);
}

export type ContactRef = {
  id: number;
  name: string;
  company_id: number;
  company_name: string | null;
  status: string;
  avatar: string | null;
};

async function contactRefs(db: Reader, ids: Iterable<number | null>): Promise<ContactRef[]> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      company_id: contacts.companyId,
      company_name: companies.name,
      status: contacts.status,
      avatar: contacts.avatarUrl,
    })
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .where(inArray(contacts.id, wanted))
    .orderBy(asc(contacts.companyId), asc(contacts.id));
  return rows;
}

/** GET /todos/contacts: everyone who sent or received the company's to-dos (the inbox filter). */
export async function todoContacts(db: Reader, companyId: number): Promise<ContactRef[]> {
  const rows = await db
    .selectDistinct({ from: todos.fromContactsId, to: todos.toContactsId })
    .from(todos)
    .where(or(eq(todos.toCompanyId, companyId), eq(todos.fromCompanyId, companyId)));
  return contactRefs(
    db,
    rows.flatMap((r) => [r.from, r.to]),
  );
}

/** GET /todos/modules: the modules with their labels and the company's open and total to-dos. */
export async function todoModules(db: Reader, companyId: number) {
  const rows = await db
    .select({
      module: todos.module,
      total: sql<number>`count(*)::int`,
      undealt: sql<number>`(count(*) filter (where ${inArray(todos.state, OPEN)}))::int`,
    })
    .from(todos)
    .where(and(eq(todos.toCompanyId, companyId), isNotNull(todos.module)))
    .groupBy(todos.module);
  const byModule = new Map(rows.map((r) => [r.module, r]));
  return TODO_MODULES.map((module) => ({
    module,
    label: TODO_MODULE_LABELS[module],
    undealt: Number(byModule.get(module)?.undealt ?? 0),
    total: Number(byModule.get(module)?.total ?? 0),
  }));
}

/** GET /{module}/{module_id}/contacts: the record's owner, supplier contact, follower and everyone on its thread. */
export async function moduleContacts(
  db: Reader,
  record: ModuleRecord,
  companyId: number,
): Promise<ContactRef[]> {
  const [buyer] = await db
    .select({ follower: companies.followerContactId })
    .from(companies)
    .where(eq(companies.id, record.buyerCompanyId));
  const thread = await db
    .selectDistinct({ from: todos.fromContactsId, to: todos.toContactsId })
    .from(todos)
    .where(
      and(
        eq(todos.module, record.module),
        eq(todos.moduleId, record.id),
        or(eq(todos.toCompanyId, companyId), eq(todos.fromCompanyId, companyId)),
      ),
    );
  return contactRefs(db, [
    record.ownerContactId,
    record.supplierContactId,
    buyer?.follower ?? null,
    ...thread.flatMap((r) => [r.from, r.to]),
  ]);
}

/** GET /todos/{contact_id}/status: a colleague's open load (before a handover, say). */
export async function contactStatus(db: Reader, contactId: number, companyId: number) {
  const [contact] = await db
    .select({ id: contacts.id, name: contacts.name, status: contacts.status })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId), contactNotDeleted));
  if (!contact) throw notFound(M.CONTACT_NOT_FOUND);
  const [counts] = await db
    .select({
      unread: sql<number>`(count(*) filter (where ${todos.state} = 'UNREAD'))::int`,
      undealt: sql<number>`(count(*) filter (where ${inArray(todos.state, OPEN)}))::int`,
      delay: sql<number>`(count(*) filter (where ${todos.state} = 'DELAYED'))::int`,
    })
    .from(todos)
    .where(eq(todos.toContactsId, contactId));
  return {
    contact_id: contact.id,
    name: contact.name,
    status: contact.status,
    unread: Number(counts?.unread ?? 0),
    undealt: Number(counts?.undealt ?? 0),
    delay: Number(counts?.delay ?? 0),
  };
}
