// Live-channel topic names (settings-messaging-shared §7 "Live channel") plus our own
// sync.poke.{companyId}, and who may subscribe to which: the server refuses a topic that names
// another user or a company the user does not belong to.

import { isTodoModule, type TodoModule } from './todoCodes';

type Id = number | string;

export const TOPICS = {
  myUnread: (userId: Id) => `todo.my-unread.${userId}`,
  myUndealt: (userId: Id) => `todo.my-undealt.${userId}`,
  allUserUndealt: (companyId: Id) => `todo.all-user-undealt.${companyId}`,
  allUserDelay: (companyId: Id) => `todo.all-user-delay.${companyId}`,
  todoState: (companyId: Id) => `todo.state.${companyId}`,
  connectedCustomerCount: () => 'partner.all_connect_customer_count',
  watchUsers: (module: TodoModule, id: Id) => `todo.${module}.${id}.watch-users`,
  moduleMessages: (module: TodoModule, moduleId: Id) => `todo.b.${module}.${moduleId}.messages`,
  syncPoke: (companyId: Id) => `sync.poke.${companyId}`,
} as const;

/**
 * The message topics of a chat panel's records. A record created offline (temporary, negative
 * id) has no topic yet: the server does not know it.
 */
export function moduleMessageTopics(
  records: ReadonlyArray<{ module: TodoModule; moduleId: number }>,
): string[] {
  return records
    .filter((record) => record.moduleId > 0)
    .map((record) => TOPICS.moduleMessages(record.module, record.moduleId));
}

export interface Subscriber {
  userId: number;
  companyIds: readonly number[];
}

type Rule = { pattern: RegExp; allows: (groups: readonly string[], who: Subscriber) => boolean };

const ID = '(\\d+)';
const ownUser = ([id]: readonly string[], who: Subscriber) => id === String(who.userId);
const ownCompany = ([id]: readonly string[], who: Subscriber) =>
  who.companyIds.some((c) => String(c) === id);
// Record-level access (may this user see that order?) needs the database: the server checks it.
const knownModule = ([module]: readonly string[]) => isTodoModule(module);

const RULES: readonly Rule[] = [
  { pattern: new RegExp(`^todo\\.my-unread\\.${ID}$`), allows: ownUser },
  { pattern: new RegExp(`^todo\\.my-undealt\\.${ID}$`), allows: ownUser },
  { pattern: new RegExp(`^todo\\.all-user-undealt\\.${ID}$`), allows: ownCompany },
  { pattern: new RegExp(`^todo\\.all-user-delay\\.${ID}$`), allows: ownCompany },
  { pattern: new RegExp(`^todo\\.state\\.${ID}$`), allows: ownCompany },
  { pattern: /^partner\.all_connect_customer_count$/, allows: () => true },
  { pattern: new RegExp(`^todo\\.b\\.([A-Z_]+)\\.${ID}\\.messages$`), allows: knownModule },
  { pattern: new RegExp(`^todo\\.([A-Z_]+)\\.${ID}\\.watch-users$`), allows: knownModule },
  { pattern: new RegExp(`^sync\\.poke\\.${ID}$`), allows: ownCompany },
];

/** Whether the user may subscribe to a topic; unknown topics are refused. */
export function maySubscribe(topic: string, who: Subscriber): boolean {
  for (const rule of RULES) {
    const match = rule.pattern.exec(topic);
    if (match) return rule.allows(match.slice(1), who);
  }
  return false;
}
