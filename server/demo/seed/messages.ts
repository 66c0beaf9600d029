// To-dos of the demo and bulk data: chat threads between a buyer and the supplier's sales contact
// on a sheet or an order, notices from customer service, internal @-messages between colleagues,
// and inquiry mails. Pure builders; ids (and so mail ids) are assigned by the caller.

import { isSheetState } from '../../../src/domain/purchase/sheetStates';
import type { MailState } from '../../../src/domain/todos/mailStates';
import type { TodoModule, TodoState } from '../../../src/domain/todos/todoCodes';
import type { todos } from '../../db/schema/index';
import type { Person } from './documents';
import type { Random } from './random';
import { isQuotedState } from './timeline';

export type TodoRow = typeof todos.$inferInsert;

export type ThreadTarget = {
  module: TodoModule;
  stage: ThreadStage;
  moduleId: number;
  moduleNumber: string;
  buyerCompanyId: number;
  buyer: Person;
  supplierCompanyId: number;
  sales: Person;
  /** No message is older than this (the sheet or order was created then). */
  startMs: number;
};

/** Where the document stands decides what people write about it. */
export type ThreadStage = 'inquiry' | 'quoted' | 'order';

export function stageOf(sheetState: string, hasOrder: boolean): ThreadStage {
  if (hasOrder) return 'order';
  return isSheetState(sheetState) && isQuotedState(sheetState) ? 'quoted' : 'inquiry';
}

const SUPPLIER_LINES: Record<ThreadStage, readonly string[]> = {
  inquiry: [
    '您好，询价单 {no} 已收到，我们正在向品牌方核实价格与货期。',
    '{no} 中第2行的订货号与型号不一致，请帮忙确认一下。',
    '品牌方本周回复价格，预计两个工作日内给您报价。',
  ],
  quoted: [
    '{no} 的报价已更新，请查收；如需调整数量请告诉我。',
    '部分型号为3C产品，需提供3C证书后才能下单，请知悉。',
    '报价有效期快到了，如需下单请尽快确认。',
    '第2行的型号已停产，我们推荐了替代型号，请确认是否可以接受。',
  ],
  order: [
    '订单 {no} 已向品牌方下单，预计三周后到达国内仓。',
    '订单 {no} 的货物已发出，顺丰单号 SF1409{digits}，请注意查收。',
    '订单 {no} 的发票已开具，已随货寄出。',
    '请尽快安排订单 {no} 的预付款，收款后立即安排发货。',
    '订单 {no} 的货物已到国内仓，正在安排质检。',
  ],
};

const BUYER_LINES: Record<ThreadStage, readonly string[]> = {
  inquiry: [
    '请帮忙确认 {no} 的货期，能否两周内到货？',
    '询价单 {no} 比较急，麻烦尽快报价。',
    '数量有变化，第1行改为 5 个，麻烦按新数量报价。',
  ],
  quoted: [
    '收到，谢谢！我们内部审批后下单。',
    '价格能否再优惠一些？这个项目预算比较紧。',
    '请问货期能否缩短到三周以内？',
  ],
  order: [
    '预付款已安排，请查收水单。',
    '请问 {no} 现在到哪一步了？产线等着用。',
    '已签收，感谢！',
    '发票抬头请开我们公司全称，谢谢。',
  ],
};

const SERVICE_LINES: Record<ThreadStage, readonly string[]> = {
  inquiry: ['【客服】询价单 {no} 已分配给销售经理跟进，请留意回复。'],
  quoted: ['【客服】询价单 {no} 已报价，如有疑问请随时联系我们。'],
  order: [
    '【客服】您好，您的订单 {no} 已进入国内仓，如有问题请随时联系我们。',
    '【客服】订单 {no} 的付款已确认，感谢您的支持。',
  ],
};

const INTERNAL_LINES = [
  '@{to} 这张单子请跟进一下报价。',
  '@{to} 订单 {no} 到货后请通知仓库。',
  '@{to} 客户在催货期，麻烦帮忙问一下供应商。',
];

const MAIL_SUBJECTS = ['询价邮件：{no}', '报价单邮件：{no}', '合同邮件：{no}'];
const MAIL_STATES: readonly MailState[] = [
  'received',
  'send_success',
  'send_fail',
  'draft',
  'outgoing',
];

const iso = (ms: number): string => new Date(ms).toISOString();

function fill(rng: Random, template: string, values: { no: string; to?: string }): string {
  return template
    .replaceAll('{no}', values.no)
    .replaceAll('{to}', values.to ?? '')
    .replaceAll('{digits}', String(rng.int(100_000, 999_999)));
}

/** The state of a to-do its recipient has had for a while: all four states occur. */
function receivedState(rng: Random): TodoState {
  return rng.weighted<TodoState>([
    ['UNREAD', 3],
    ['READ', 3],
    ['PROCESSED', 2.5],
    ['DELAYED', 1.5],
  ]);
}

function todo(
  rng: Random,
  fields: Omit<TodoRow, 'state' | 'createTime' | 'writeTime' | 'delayTime'>,
  atMs: number,
  state: TodoState = receivedState(rng),
): TodoRow {
  const touched = state === 'UNREAD' ? atMs : atMs + rng.int(5, 600) * 60_000;
  return {
    files: [],
    ...fields,
    state,
    createTime: iso(atMs),
    writeTime: iso(touched),
    delayTime: state === 'DELAYED' ? iso(touched) : null,
  };
}

/** A chat of `length` messages alternating between the buyer's owner and the sales contact. */
export function buildThread(
  rng: Random,
  target: ThreadTarget,
  anchorMs: number,
  length: number,
): TodoRow[] {
  const span = Math.max(anchorMs - target.startMs, 60_000);
  const times = Array.from({ length }, () => target.startMs + rng.next() * span * 0.95).sort(
    (a, b) => a - b,
  );
  let fromSupplier = rng.chance(0.6);
  return times.map((ms) => {
    const lines = fromSupplier ? SUPPLIER_LINES : BUYER_LINES;
    const subject = fill(rng, rng.pick(lines[target.stage]), { no: target.moduleNumber });
    const [fromCompanyId, fromContact, toCompanyId, toContact] = fromSupplier
      ? [target.supplierCompanyId, target.sales, target.buyerCompanyId, target.buyer]
      : [target.buyerCompanyId, target.buyer, target.supplierCompanyId, target.sales];
    fromSupplier = !fromSupplier;
    return todo(
      rng,
      {
        type: 'MESSAGE',
        subject,
        module: target.module,
        moduleId: target.moduleId,
        moduleNumber: target.moduleNumber,
        fromCompanyId,
        fromContactsId: fromContact.id,
        toCompanyId,
        toContactsId: toContact.id,
        eventType: 'ADD',
      },
      Math.round(ms),
    );
  });
}

/** A notice from a customer-service company (shown as 客服) to the buyer. */
export function buildServiceMessage(
  rng: Random,
  target: ThreadTarget,
  service: { companyId: number; contact: Person },
  anchorMs: number,
  state?: TodoState,
): TodoRow {
  const ms = Math.round(
    target.startMs + rng.next() * Math.max(anchorMs - target.startMs, 60_000) * 0.95,
  );
  return todo(
    rng,
    {
      type: 'MESSAGE',
      subject: fill(rng, rng.pick(SERVICE_LINES[target.stage]), { no: target.moduleNumber }),
      module: target.module,
      moduleId: target.moduleId,
      moduleNumber: target.moduleNumber,
      fromCompanyId: service.companyId,
      fromContactsId: service.contact.id,
      toCompanyId: target.buyerCompanyId,
      toContactsId: target.buyer.id,
      eventType: 'ADD',
    },
    ms,
    state,
  );
}

/** A colleague's @-message inside the buyer company (both sides are the same company). */
export function buildInternalMessage(
  rng: Random,
  target: ThreadTarget,
  from: Person,
  anchorMs: number,
): TodoRow {
  const ms = Math.round(
    target.startMs + rng.next() * Math.max(anchorMs - target.startMs, 60_000) * 0.95,
  );
  return todo(
    rng,
    {
      type: 'MESSAGE',
      subject: fill(rng, rng.pick(INTERNAL_LINES), {
        no: target.moduleNumber,
        to: target.buyer.name,
      }),
      module: target.module,
      moduleId: target.moduleId,
      moduleNumber: target.moduleNumber,
      fromCompanyId: target.buyerCompanyId,
      fromContactsId: from.id,
      toCompanyId: target.buyerCompanyId,
      toContactsId: target.buyer.id,
      eventType: 'ADD',
    },
    ms,
  );
}

/** An inquiry/quotation mail from the supplier (type MAIL, with its own mail state). */
export function buildMail(rng: Random, target: ThreadTarget, anchorMs: number): TodoRow {
  const ms = Math.round(
    target.startMs + rng.next() * Math.max(anchorMs - target.startMs, 60_000) * 0.95,
  );
  return {
    ...todo(
      rng,
      {
        type: 'MAIL',
        subject: fill(rng, rng.pick(MAIL_SUBJECTS), { no: target.moduleNumber }),
        module: target.module,
        moduleId: target.moduleId,
        moduleNumber: target.moduleNumber,
        fromCompanyId: target.supplierCompanyId,
        fromContactsId: target.sales.id,
        toCompanyId: target.buyerCompanyId,
        toContactsId: target.buyer.id,
        eventType: 'ADD',
      },
      ms,
    ),
    mailState: rng.pick(MAIL_STATES),
  };
}
