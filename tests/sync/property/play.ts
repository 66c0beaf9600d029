// Plays a scenario's steps against the device and the server, and keeps what the invariants need
// to judge the end state: every enqueue call with the id it answered (or none, when its tab died
// first or the engine refused it), the marker its row carries, whether the server must refuse
// it; someone else's server changes with the versions they produced; the entries discarded.
import { eq } from 'drizzle-orm';
import { orders, sheets } from '../../../server/db/schema/index';
import { SYNC_LABELS } from '../../../src/domain/messages/sync';
import type { MutationInput, MutationType } from '../../../src/sync/core/mutations';
import { dependentsOf } from '../../../src/sync/core/ordering';
import { asRow } from '../../../src/sync/core/types';
import { loadIdMap, loadOutbox } from '../../../src/sync/outbox';
import type { TestServer } from '../../support/app';
import type { Fault, ServerFaults } from '../../support/serverFaults';
import type { Device, Tab } from './device';
import type { FaultKind, Step } from './scenario';
import { Screens } from './screens';
import type { Tenant } from './tenant';

export interface Enqueued {
  /** Order of the enqueue calls in the run (the user's order). */
  n: number;
  step: number;
  tab: string;
  /** The entry id the call answered; null when the call never answered (its tab died). */
  id: string | null;
  error: string | null;
  /**
   * The engine refused the call, nothing written: it names a sheet whose create was discarded
   * (the screen still holds its temporary id). Never on the server.
   */
  refused: boolean;
  type: MutationType;
  mutation: MutationInput;
  /** Unique text in the created row (sheet remark, message subject), to count it on the server. */
  marker: string | null;
  /** Why the server must refuse it; null when it may be applied. */
  mustFail: string | null;
}

/** A change of a row's owner on the server by someone else (the tenant's admin). */
interface OtherChange {
  table: 'sheets' | 'orders';
  id: number;
  version: number;
  owner: number;
}

interface PlayContext {
  server: TestServer;
  faults: ServerFaults;
  tenant: Tenant;
  device: Device;
  adminToken: string;
  /** Unique per run: markers never collide across runs. */
  label: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Play {
  readonly entries: Enqueued[] = [];
  readonly others: OtherChange[] = [];
  readonly discarded = new Set<string>();
  /**
   * Discards whose tab died before answering: the transaction may or may not have committed.
   * Each names the chosen entry and what the discard would take with it (read just before).
   */
  readonly unansweredDiscards: Array<{ chosen: string; victims: string[] }> = [];
  private readonly screens: Screens;

  constructor(readonly ctx: PlayContext) {
    this.screens = new Screens(ctx.tenant, ctx.label);
  }

  get log(): string[] {
    return this.ctx.device.log;
  }

  async play(steps: readonly Step[]): Promise<void> {
    for (const [index, step] of steps.entries()) {
      this.log.push(`step ${index}: ${JSON.stringify(step)}`);
      await this.step(step, index);
    }
  }

  private async step(step: Step, index: number): Promise<void> {
    const { device, faults } = this.ctx;
    switch (step.kind) {
      case 'owner':
      case 'create':
      case 'save':
      case 'message':
      case 'todo': {
        const tab = this.tabFor(step.tab);
        if (tab) await this.userMutation(tab, step, index);
        return;
      }
      case 'network':
        device.setOnline(step.online);
        return;
      case 'fault':
        for (let i = 0; i < step.count; i += 1) {
          faults.inject(this.fault(step.fault, step.target, step.ms));
        }
        return;
      case 'pull': {
        const tab = this.tabFor(step.tab);
        if (tab) await this.inTab(tab, () => tab.session.pullNow().catch(() => undefined));
        return;
      }
      case 'someone':
        if (step.when === 'now') await this.someoneChangesOwner(step.target);
        else
          faults.inject({
            kind: 'interleave',
            target: 'mutation',
            change: () => this.someoneChangesOwner(step.target),
          });
        return;
      case 'crash': {
        if (step.at === 'now') return device.crash(step.tab % device.tabs.length);
        // A crash mid-push needs the tab that pushes: the leader.
        const tab = device.leader() ?? device.tabs[step.tab % device.tabs.length];
        if (tab) tab.runtime.crashAt = step.at;
        return;
      }
      case 'takeover': {
        const leader = device.leader();
        if (!leader) return;
        if (step.how === 'freeze') await device.freezeLeader();
        else await device.reload(leader.slot);
        return;
      }
      case 'decide':
        return this.decide(step.pick, step.action);
      case 'wait':
        await sleep(step.ms);
        return;
    }
  }

  private fault(kind: FaultKind, target: 'mutation' | 'pull', ms: number): Fault {
    switch (kind) {
      case 'unavailable':
        return { kind: 'unavailable', target };
      case 'reset':
        return { kind: 'resetAfterCommit', target };
      case 'slow-before':
        return { kind: 'slow', target, ms, phase: 'before' };
      case 'slow-after':
        return { kind: 'slow', target, ms, phase: 'after' };
    }
  }

  /** A tab the user can act in (frozen and dead tabs cannot be used). */
  private tabFor(index: number): Tab | undefined {
    const usable = this.ctx.device.usable();
    return usable[index % Math.max(usable.length, 1)];
  }

  /** Runs a call into a tab; undefined if the tab dies before it answers. */
  private async inTab<T>(tab: Tab, call: () => Promise<T>): Promise<T | undefined> {
    return Promise.race([call(), tab.runtime.died.then(() => undefined)]);
  }

  private async userMutation(tab: Tab, step: Step, index: number): Promise<void> {
    const db = tab.db;
    if (!db) return;
    const built = await this.inTab(tab, () => this.screens.build(tab.session, db, step));
    if (!built) {
      this.log.push('  (nothing to act on)');
      return;
    }
    const { mutation, marker, mustFail } = built;
    const { companyId } = this.ctx.tenant;
    const answer = await Promise.race([
      tab.session.enqueue(companyId, mutation).then(
        (id) => ({ id, error: null }),
        (error: unknown) => ({ id: null, error: String(error) }),
      ),
      tab.runtime.died.then(() => ({ id: null, error: 'the tab died before answering' })),
    ]);
    this.entries.push({
      n: this.entries.length,
      step: index,
      tab: tab.runtime.id,
      id: answer.id,
      error: answer.error,
      refused: answer.error?.includes(SYNC_LABELS.CREATE_DISCARDED) ?? false,
      type: mutation.type,
      mutation,
      marker,
      mustFail,
    });
    this.log.push(`  enqueued ${answer.id ?? `nothing known (${answer.error})`}`);
    if (mutation.type === 'sheet.create' && answer.id !== null) {
      this.screens.created = mutation.payload.sheetId;
    }
  }

  /** The user acts on one of the refused entries the status shows. */
  private async decide(pick: number, action: 'retry' | 'overwrite' | 'discard'): Promise<void> {
    const tab = this.tabFor(0);
    if (!tab) return;
    const status = await this.inTab(tab, () => tab.session.status().catch(() => undefined));
    const failed = status?.failed ?? [];
    const chosen = failed[pick % Math.max(failed.length, 1)];
    if (!chosen) return;
    this.log.push(`  ${action} ${chosen.id} (${chosen.failure.status} ${chosen.failure.message})`);
    if (action === 'discard') {
      const victims = await this.victimsOf(tab, chosen.id);
      const removed = await this.inTab(tab, () => tab.session.discard(chosen.id).catch(() => []));
      if (removed === undefined) this.unansweredDiscards.push({ chosen: chosen.id, victims });
      for (const id of removed ?? []) this.discarded.add(id);
      return;
    }
    const overwrite = action === 'overwrite';
    await this.inTab(tab, () => tab.session.retry(chosen.id, { overwrite }).catch(() => false));
  }

  /**
   * The entries a discard of `entryId` takes away (it and those naming an id only it creates),
   * as the outbox stands now: what a discard the tab died answering removed, if it committed.
   */
  private async victimsOf(tab: Tab, entryId: string): Promise<string[]> {
    const db = tab.db;
    if (!db) return [entryId];
    const [{ entries }, idMap] = await Promise.all([loadOutbox(db), loadIdMap(db)]);
    const entry = entries.find((e) => e.id === entryId);
    if (!entry) return [entryId];
    return [entryId, ...dependentsOf(entries, entry, idMap).map((e) => e.id)];
  }

  /**
   * Settles the discards whose answer was lost: the chosen entry was refused (nothing sends it
   * but a retry), so its absence from the outbox means the discard committed, with its victims.
   */
  settleUnansweredDiscards(present: ReadonlySet<string>): void {
    for (const { chosen, victims } of this.unansweredDiscards.splice(0)) {
      if (present.has(chosen)) continue;
      this.log.push(`  the discard of ${chosen} committed though its answer was lost`);
      for (const id of victims) this.discarded.add(id);
    }
  }

  /** The admin gives the row to someone else on the server (no If-Match: whatever it is now). */
  async someoneChangesOwner(target: 'sheet0' | 'order'): Promise<void> {
    const { tenant, server, adminToken } = this.ctx;
    const db = server.db.database.db;
    const table = target === 'order' ? 'orders' : 'sheets';
    const id = target === 'order' ? tenant.order : tenant.sheets[0];
    const [current] =
      table === 'orders'
        ? await db.select({ owner: orders.ownerContactId }).from(orders).where(eq(orders.id, id))
        : await db.select({ owner: sheets.ownerContactId }).from(sheets).where(eq(sheets.id, id));
    const { colleague, admin, user } = tenant.staff;
    const to = [colleague, admin, user].find((s) => s.id !== current?.owner) ?? colleague;
    const url =
      table === 'orders'
        ? `/orders-api/v7/orders/${id}/follower`
        : `/inquiry-api/v7/inquiry_quotation/${id}/follower`;
    const res = await server.app.inject({
      method: 'PUT',
      url: `${url}?currentCompanyId=${tenant.companyId}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { follower_id: to.id },
    });
    const row = asRow((res.json() as { data?: unknown }).data);
    this.log.push(
      `  someone gave ${table}:${id} to ${to.name}: ${res.statusCode} v${row?.version}`,
    );
    if (res.statusCode === 200 && row) {
      this.others.push({ table, id, version: row.version, owner: to.id });
      this.ctx.device.poke();
    }
  }
}
