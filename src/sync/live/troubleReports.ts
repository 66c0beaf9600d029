// The device tells the server when its work does not get through (issue 21 item 2): changes
// waiting while it is online for longer than STUCK_AFTER_MS, changes the server refused, entries
// it cannot read, pulls that fail, and storage faults. The operator sees them counted on
// /metrics and logged per company (server/routes/clientReports.ts), instead of hearing of a
// stuck phone days later. Each trouble is reported when it appears and again at most hourly while
// it lasts; a report that cannot be sent (offline) is tried again with the next status.
import { type ClientReport, REPORT_ROUTES, STUCK_AFTER_MS } from '../../contract/api/reports';
import type { FetchLike } from '../engine/http';
import { call } from '../engine/http';
import type { SyncStatus } from '../engine/status';

export const REPORT_AGAIN_MS = 60 * 60_000;

export type Trouble = ClientReport & { companyId: number; count: number };

/** What is wrong in this status, each trouble under the company it concerns (the device's first otherwise). */
export function troublesOf(status: SyncStatus, firstCompany: number): Trouble[] {
  const troubles: Trouble[] = [];
  if (status.storageError) {
    troubles.push({
      companyId: firstCompany,
      kind: 'storage',
      code: status.storageError.kind,
      count: 1,
    });
  }
  const waiting = status.oldestPendingAgeMs;
  if (
    status.online === true &&
    !status.pausedForAuth &&
    waiting !== null &&
    waiting >= STUCK_AFTER_MS
  ) {
    troubles.push({
      companyId: firstCompany,
      kind: 'outbox',
      code: 'PENDING_WHILE_ONLINE',
      count: status.pending,
    });
  }
  const refused = new Map<number, number>();
  for (const entry of status.failed)
    refused.set(entry.companyId, (refused.get(entry.companyId) ?? 0) + 1);
  for (const [companyId, count] of refused)
    troubles.push({ companyId, kind: 'outbox', code: 'REFUSED', count });
  if (status.unreadable.length > 0) {
    troubles.push({
      companyId: firstCompany,
      kind: 'outbox',
      code: 'UNREADABLE',
      count: status.unreadable.length,
    });
  }
  for (const company of status.companies) {
    if (company.error !== null && !company.left) {
      troubles.push({ companyId: company.companyId, kind: 'pull', code: 'FAILED', count: 1 });
    }
  }
  return troubles;
}

export interface TroubleReporterDeps {
  fetch: FetchLike;
  baseUrl: string;
  getToken(): Promise<string | null>;
  now(): number;
  companies: readonly number[];
}

const keyOf = (t: Trouble) => `${t.companyId}/${t.kind}/${t.code}`;

export class TroubleReporter {
  /** When each trouble was last reported (accepted by the server). */
  private readonly reported = new Map<string, number>();
  private sending = false;

  constructor(private readonly deps: TroubleReporterDeps) {}

  /** Looks at a new status; sends what is newly wrong, or still wrong an hour later. */
  observe(status: SyncStatus): void {
    const [first] = this.deps.companies;
    if (first === undefined || this.sending) return;
    const now = this.deps.now();
    const due = troublesOf(status, first).filter(
      (t) => now - (this.reported.get(keyOf(t)) ?? Number.NEGATIVE_INFINITY) >= REPORT_AGAIN_MS,
    );
    if (due.length === 0) return;
    this.sending = true;
    void this.send(due, now).finally(() => {
      this.sending = false;
    });
  }

  private async send(due: Trouble[], now: number): Promise<void> {
    const token = await this.deps.getToken();
    if (token === null) return;
    const byCompany = new Map<number, Trouble[]>();
    for (const t of due) byCompany.set(t.companyId, [...(byCompany.get(t.companyId) ?? []), t]);
    for (const [companyId, troubles] of byCompany) {
      const result = await call(this.deps.fetch, this.deps.baseUrl, {
        method: REPORT_ROUTES.clientReports.method,
        target: `${REPORT_ROUTES.clientReports.path()}?currentCompanyId=${companyId}`,
        token,
        body: {
          reports: troubles.map(({ kind, code, count }) => ({
            kind,
            code,
            count: Math.min(count, 100_000),
          })),
        },
      });
      if (result.kind === 'answer' && result.answer.status === 200) {
        for (const t of troubles) this.reported.set(keyOf(t), now);
      }
    }
  }
}
