// What a device tells the server about itself (issue 21 item 2): that its changes do not get
// through or its storage fails, so an operator sees devices stuck with unsent changes on
// /metrics (client_reports_total) and in the log. Only these kinds and codes exist, so a device
// can neither grow the metric's series nor put text of its own in the log. Written with
// zod/mini: the worker imports this file.
import { z } from 'zod/mini';
import { route } from './route';

/** kind → the codes it may carry. */
export const CLIENT_REPORT_CODES = {
  /** Changes wait while the device is online: the oldest for longer than STUCK_AFTER_MS. */
  outbox: ['PENDING_WHILE_ONLINE', 'REFUSED', 'UNREADABLE'],
  /** A pull of a company failed with something else than being offline. */
  pull: ['FAILED'],
  /** The device's database failed (src/data/storageErrors.ts's kinds). */
  storage: ['quota', 'backing-store', 'connection-lost', 'version', 'other'],
} as const;

export type ClientReportKind = keyof typeof CLIENT_REPORT_CODES;
export type ClientReport = {
  [K in ClientReportKind]: { kind: K; code: (typeof CLIENT_REPORT_CODES)[K][number] };
}[ClientReportKind];

/** Changes older than this, waiting while the device is online, are reported as stuck. */
export const STUCK_AFTER_MS = 10 * 60_000;

const kinds = Object.keys(CLIENT_REPORT_CODES) as [ClientReportKind, ...ClientReportKind[]];
const codes = Object.values(CLIENT_REPORT_CODES).flat() as [string, ...string[]];

export const clientReportsBody = z.object({
  reports: z
    .array(
      z.object({
        kind: z.enum(kinds),
        code: z.enum(codes),
        count: z.int().check(z.minimum(1), z.maximum(100_000)),
      }),
    )
    .check(z.minLength(1), z.maxLength(20)),
});
export type ClientReportsBody = z.infer<typeof clientReportsBody>;

export const REPORT_ROUTES = {
  clientReports: route<{ body: ClientReportsBody }>()({
    method: 'POST',
    path: () => '/api/v7/client-reports',
    answer: z.object({ counted: z.int() }),
  }),
};

/** Whether `code` is one of `kind`'s (the schema checks each on its own). */
export function isReportCode(kind: ClientReportKind, code: string): boolean {
  return (CLIENT_REPORT_CODES[kind] as readonly string[]).includes(code);
}
