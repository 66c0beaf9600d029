// The to-do badge counters (settings-messaging-shared §7 "To-do"): GET /todos-api/v7/statistics,
// which the worker's leader reads each time the live channel signs in. Written with zod/mini:
// the worker imports this file.
import { z } from 'zod/mini';
import { type NoRequest, route } from './route';

const count = z.int().check(z.nonnegative());

export const statisticsSchema = z.object({
  unread: count,
  undealt: count,
  companies: z.array(z.object({ company_id: z.number(), undealt: count, delay: count })),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const COUNTER_ROUTES = {
  statistics: route<NoRequest>()({
    method: 'GET',
    path: () => '/todos-api/v7/statistics',
    answer: statisticsSchema,
  }),
};
