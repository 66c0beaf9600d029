// What a screen of the app would send for a user step, read from what the tab shows: the row's
// version as If-Match, an owner other than the current one, a temporary id for a row made
// offline, and a marker (unique text) in every row the step creates, so the server's copies can
// be counted. Also says when the server must refuse the step (a departed owner, another
// company's thread).

import type { PurchasingDb } from '../../../src/data/db';
import { readIdMapPairs } from '../../../src/data/meta';
import { isRecord } from '../../../src/domain/guards';
import type { MutationInput } from '../../../src/sync/core/mutations';
import { asRow, type Row } from '../../../src/sync/core/types';
import type { SyncSession } from '../../../src/sync/session';
import { line } from '../core/fixtures';
import type { OwnerPick, Step, Target } from './scenario';
import type { Staff, Tenant } from './tenant';

interface Built {
  mutation: MutationInput;
  /** Unique text in the created row (sheet remark, message subject), to count it on the server. */
  marker: string | null;
  /** Why the server must refuse it; null when it may be applied. */
  mustFail: string | null;
}

/** The owner a sheet or order row shows (`current_node` / `current_order_node`). */
export function ownerOf(row: Row | null): number | null {
  const node = row?.current_node ?? row?.current_order_node;
  const user = isRecord(node) ? node.contacts_user : null;
  return isRecord(user) && typeof user.id === 'number' ? user.id : null;
}

export class Screens {
  /** Temporary id of the last sheet created in the run (as the screen keeps it). */
  created: number | null = null;
  private markers = 0;

  constructor(
    private readonly tenant: Tenant,
    /** Unique per run: markers never collide across runs. */
    private readonly label: string,
  ) {}

  private marker(): string {
    this.markers += 1;
    return `#${this.label}-${this.markers}`;
  }

  /** The row as the tab's screen shows it (a sheet made offline under its temporary id). */
  private async localRow(db: PurchasingDb, table: 'sheets' | 'orders' | 'todos', id: number) {
    const { companyId } = this.tenant;
    const row = asRow(await db.table(table).get([companyId, id]));
    if (row || id > 0) return row;
    const mapped = new Map(await readIdMapPairs(db)).get(id);
    return mapped === undefined ? null : asRow(await db.table(table).get([companyId, mapped]));
  }

  private targetId(target: Target): { table: 'sheets' | 'orders'; id: number } | null {
    const { tenant } = this;
    if (target === 'order') return { table: 'orders', id: tenant.order };
    if (target === 'created')
      return this.created === null ? null : { table: 'sheets', id: this.created };
    return { table: 'sheets', id: tenant.sheets[target === 'sheet0' ? 0 : 1] };
  }

  /** The staff member the user picks: the one asked for, or the next one if that is the owner. */
  private pickOwner(pick: OwnerPick, current: number | null): Staff {
    const { staff } = this.tenant;
    if (pick === 'departed') return staff.departed;
    const order: Staff[] = [staff.colleague, staff.admin, staff.user];
    const start = order.indexOf(staff[pick]);
    for (let i = 0; i < order.length; i += 1) {
      const candidate = order[(start + i) % order.length];
      if (candidate && candidate.id !== current) return candidate;
    }
    return staff.colleague;
  }

  /** The mutation a screen would send for this step, from what the tab shows; null if nothing. */
  async build(session: SyncSession, db: PurchasingDb, step: Step): Promise<Built | null> {
    const { tenant } = this;
    switch (step.kind) {
      case 'owner': {
        const target = this.targetId(step.target);
        const row = target && (await this.localRow(db, target.table, target.id));
        if (!target || !row) return null;
        const owner = this.pickOwner(step.to, ownerOf(row));
        const payload = { id: target.id, ifMatch: row.version, owner };
        return {
          mutation:
            target.table === 'sheets'
              ? { type: 'sheet.changeOwner', payload }
              : { type: 'order.changeOwner', payload },
          marker: null,
          mustFail: step.to === 'departed' ? 'the owner has left the company' : null,
        };
      }
      case 'create': {
        const marker = this.marker();
        const owner =
          step.owner === 'creator'
            ? null
            : step.owner === 'colleague'
              ? tenant.staff.colleague
              : tenant.staff.departed;
        const sheetId = await session.temporaryId();
        return {
          mutation: {
            type: 'sheet.create',
            payload: {
              sheetId,
              brand: { id: tenant.brandId, name: 'Siemens', view: null },
              lines: [line()],
              saveToDraft: true,
              supplier: null,
              owner,
              remark: marker,
            },
          },
          marker,
          mustFail: step.owner === 'departed' ? 'the owner has left the company' : null,
        };
      }
      case 'save': {
        const target = this.targetId(step.target);
        const row = target && (await this.localRow(db, 'sheets', target.id));
        if (!target || !row) return null;
        // New lines each time (the remark keeps a created sheet's marker).
        this.markers += 1;
        return {
          mutation: {
            type: 'sheet.saveDraft',
            payload: {
              sheetId: target.id,
              ifMatch: row.version,
              lines: [line({ qty: this.markers })],
              brand: null,
              paymentMethod: null,
            },
          },
          marker: null,
          mustFail: null,
        };
      }
      case 'message': {
        const thread =
          step.thread === 'order'
            ? { module: 'ORDER' as const, moduleId: tenant.order }
            : step.thread === 'foreign'
              ? { module: 'INQUERY_QUOTATION_SHEET' as const, moduleId: tenant.foreignSheet }
              : step.thread === 'sheet0'
                ? { module: 'INQUERY_QUOTATION_SHEET' as const, moduleId: tenant.sheets[0] }
                : this.created === null
                  ? null
                  : { module: 'INQUERY_QUOTATION_SHEET' as const, moduleId: this.created };
        if (!thread) return null;
        const marker = this.marker();
        const { user } = tenant.staff;
        return {
          mutation: {
            type: 'message.post',
            payload: {
              todoId: await session.temporaryId(),
              ...thread,
              moduleNumber: null,
              subject: `消息 ${marker}`,
              to: {
                companyId: tenant.supplierId,
                companyName: null,
                contactId: null,
                contactName: null,
              },
              from: { contactId: user.id, contactName: user.name, companyName: null, avatar: null },
              files: [],
            },
          },
          marker,
          mustFail: step.thread === 'foreign' ? 'the thread is another company’s' : null,
        };
      }
      case 'todo': {
        const todoId = tenant.todos[step.todo];
        if (!(await this.localRow(db, 'todos', todoId))) return null;
        return {
          mutation: {
            type: 'todo.setState',
            payload: {
              todoId,
              state: step.state,
              delay: null,
              todoType: 'MESSAGE',
              assignee: null,
            },
          },
          marker: null,
          mustFail: null,
        };
      }
      default:
        return null;
    }
  }
}
