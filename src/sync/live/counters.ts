// The to-do badge counters of the live channel (settings-messaging-shared §7): the topics the
// leader holds for a user from the start, and their values as they stand. The channel sends a
// counter only when it changes, so each time the socket signs in the leader reads them once from
// GET /todos-api/v7/statistics (first paint, and whatever changed while it was offline).
import { z } from 'zod/mini';
import { COUNTER_ROUTES, statisticsSchema } from '../../contract/api/counters';
import { TOPICS } from '../../domain/todos/topics';
import { call, type FetchLike } from '../engine/http';

export const STATISTICS_PATH = COUNTER_ROUTES.statistics.path();

/** The counter topics of a user: their own two, and two per company. */
export function counterTopics(userId: number, companies: readonly number[]): string[] {
  return [
    TOPICS.myUnread(userId),
    TOPICS.myUndealt(userId),
    ...companies.flatMap((id) => [TOPICS.allUserUndealt(id), TOPICS.allUserDelay(id)]),
  ];
}

/** What the leader holds whatever the tabs watch: pokes, counters, each company's to-do states. */
export function standingTopics(userId: number, companies: readonly number[]): string[] {
  return [
    ...companies.map((id) => TOPICS.syncPoke(id)),
    ...counterTopics(userId, companies),
    ...companies.map((id) => TOPICS.todoState(id)),
  ];
}

/** The envelope around the contract's answer (src/contract/api/counters.ts). */
const statisticsEnvelope = z.object({ data: statisticsSchema });

/** The statistics answer as counter topics and values; null when it is not one. */
export function countersOfStatistics(body: unknown, userId: number): Record<string, number> | null {
  const parsed = statisticsEnvelope.safeParse(body);
  if (!parsed.success) return null;
  const { unread, undealt, companies } = parsed.data.data;
  const counters: Record<string, number> = {
    [TOPICS.myUnread(userId)]: unread,
    [TOPICS.myUndealt(userId)]: undealt,
  };
  for (const company of companies) {
    counters[TOPICS.allUserUndealt(company.company_id)] = company.undealt;
    counters[TOPICS.allUserDelay(company.company_id)] = company.delay;
  }
  return counters;
}

export interface CountersRequest {
  fetch: FetchLike;
  baseUrl: string;
  token: string;
  userId: number;
  /** Any of the user's companies (the route needs one); the answer covers them all. */
  companyId: number;
}

/** The user's counters as the server has them now; null without an answer (offline, refused). */
export async function fetchCounters(
  request: CountersRequest,
): Promise<Record<string, number> | null> {
  const result = await call(request.fetch, request.baseUrl, {
    method: 'GET',
    target: `${STATISTICS_PATH}?currentCompanyId=${request.companyId}`,
    token: request.token,
  });
  if (result.kind !== 'answer' || result.answer.status !== 200) return null;
  return countersOfStatistics(result.answer.body, request.userId);
}
