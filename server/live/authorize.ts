// Who may subscribe to which topic. The naming rule (own user id, own companies, known modules)
// is the domain's `maySubscribe`; what the domain cannot know is whether the sheet or order a
// module topic names belongs to one of the user's companies, so that is checked here against
// the database.
import { and, eq, inArray, or } from 'drizzle-orm';
import { isTodoModule, type TodoModule } from '../../src/domain/todos/todoCodes';
import { maySubscribe, TOPICS } from '../../src/domain/todos/topics';
import type { AuthUser } from '../auth/session';
import type { Db } from '../db/database';
import { orders, sheets } from '../db/schema/index';

type ModuleRecord = { module: TodoModule; id: number };

// Only extracts the (module, id) pair; which topics exist and who may have them stays the
// domain's, and the builders confirm the topic is exactly one of theirs.
const MODULE_TOPIC = /^todo\.(?:b\.)?([A-Z_]+)\.(\d{1,15})\.(?:messages|watch-users)$/;

export function moduleRecordOf(topic: string): ModuleRecord | null {
  const match = MODULE_TOPIC.exec(topic);
  const [, module, rawId] = match ?? [];
  if (!isTodoModule(module) || rawId === undefined) return null;
  const id = Number(rawId);
  const built = [TOPICS.moduleMessages(module, id), TOPICS.watchUsers(module, id)];
  return built.includes(topic) ? { module, id } : null;
}

/**
 * Whether the sheet or order is one of the user's companies' records. The buyer company owns it;
 * the supplier company is the other party of its message thread, so its staff may watch too.
 */
async function ownsRecord(db: Db, record: ModuleRecord, companyIds: number[]): Promise<boolean> {
  if (companyIds.length === 0) return false;
  const table = record.module === 'ORDER' ? orders : sheets;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.id, record.id),
        or(inArray(table.companyId, companyIds), inArray(table.supplierCompanyId, companyIds)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function mayUserSubscribe(db: Db, user: AuthUser, topic: string): Promise<boolean> {
  const companyIds = user.memberships.map((m) => m.companyId);
  if (!maySubscribe(topic, { userId: user.accountId, companyIds })) return false;
  const record = moduleRecordOf(topic);
  return record ? ownsRecord(db, record, companyIds) : true;
}
