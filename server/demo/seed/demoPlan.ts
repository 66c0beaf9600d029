// What the demo's documents and messages are: every sheet state for the first buyer (with a 3C
// line on a quoted sheet, quotes whose validity ended over 180 days ago, a freely typed brand with
// line attachments, an old order of a departed colleague) and every payment and invoice state on
// its orders; a smaller mix for the other buyers; chat threads, customer-service notices in all
// to-do states, colleagues' @-messages and mails.

import { SHEET_STATES, type SheetState } from '../../../src/domain/purchase/sheetStates';
import type { TodoState } from '../../../src/domain/todos/todoCodes';
import type { SeededParties } from './demoSetup';
import type {
  BuiltDocument,
  CatalogBrand,
  DocumentPlan,
  Finance,
  Parties,
  Person,
} from './documents';
import {
  buildInternalMessage,
  buildMail,
  buildServiceMessage,
  buildThread,
  stageOf,
  type ThreadTarget,
  type TodoRow,
} from './messages';
import { FREE_TYPED_BRANDS, listPrice } from './products';
import type { Random } from './random';

type Special = {
  state: SheetState;
  ccc?: boolean;
  staleValidity?: boolean;
  freeBrand?: boolean;
  attachments?: boolean;
  owner?: string;
  finance?: Finance;
};

type BuyerPlan = { company: string; owners: string[]; sheets: Special[] };

/** Orders of the first buyer that between them show every payment and invoice state. */
const FINANCE: Partial<Record<SheetState, Finance>> = {
  CONTRACT_SIGNED: { inbound: 'NO_RECEIPT', invoice: 'NO_INVOICE' },
  CONTRACT_ENFORCED: { inbound: 'PAYMENT_REQUESTED', invoice: 'NO_INVOICE' },
  ORDER_PLACED: { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  OVERSEA_PARTIAL: { inbound: 'RECEIPTED', invoice: 'PARTIAL' },
  DELIVERED: { inbound: 'RECEIPTED', invoice: 'INVOICE' },
  CANCEL_REQUESTED: { inbound: 'REFUSED_RECEIPT', invoice: 'NO_INVOICE' },
  CANCEL_CONFIRMED: { inbound: 'PARTIAL_REFUSED', invoice: 'NO_INVOICE' },
};

const BUYERS: readonly BuyerPlan[] = [
  {
    company: 'jinggong',
    // `buyer` (lina1) owns about half, so signing in as buyer shows a full list.
    owners: ['lina1', 'lina1', 'lina1', 'zhangwei', 'wangjg', 'zhaolei'],
    sheets: [
      ...SHEET_STATES.map((state): Special => ({ state, finance: FINANCE[state] })),
      { state: 'INQUIRY_REPLIED', ccc: true, owner: 'lina1' },
      { state: 'QUOTATION_SENT', staleValidity: true, owner: 'lina1' },
      { state: 'FOLLOWED_UP', staleValidity: true },
      { state: 'DRAFT', freeBrand: true, attachments: true, owner: 'lina1' },
      { state: 'SIGNED', owner: 'liuyang' },
      ...(
        [
          'INQUIRY_SENT',
          'INQUIRY_REPLIED',
          'QUOTATION_SENT',
          'CONTRACT_SIGNED',
          'ORDER_CONFIRMED',
        ] as const
      ).map((state): Special => ({ state })),
      ...(['IMPORTED', 'DELIVERED', 'SIGNED', 'SIGNED', 'CANCELLED', 'DRAFT'] as const).map(
        (state): Special => ({ state }),
      ),
    ],
  },
  {
    company: 'hengyuan',
    owners: ['lina2', 'lina2', 'zhoumin', 'wuqiang'],
    sheets: (
      [
        'DRAFT',
        'INQUIRY_SENT',
        'INQUIRY_REPLIED',
        'QUOTATION_SENT',
        'FOLLOWED_UP',
        'CONTRACT_AUDITING',
        'CONTRACT_SIGNED',
        'ORDER_PLACED',
        'IMPORTED',
        'DELIVERED',
        'SIGNED',
        'CANCELLED',
        'QUOTATION_REFUSE',
      ] as const
    )
      .map((state): Special => ({ state }))
      .concat([{ state: 'INQUIRY_REPLIED', ccc: true, owner: 'lina2' }]),
  },
  {
    company: 'xiaolin',
    owners: ['linxf'],
    sheets: (
      [
        'DRAFT',
        'INQUIRY_SENT',
        'INQUIRY_REPLIED',
        'CONTRACT_SIGNED',
        'SIGNED',
        'CANCELLED',
      ] as const
    ).map((state): Special => ({ state })),
  },
];

const FOLLOWER: Record<string, string> = {
  jinggong: 'chenzm',
  hengyuan: 'huangxy',
  xiaolin: 'chenzm',
};

export type PlannedDocument = {
  parties: Parties;
  plan: DocumentPlan;
  attachments: boolean;
};

function person(parties: SeededParties, key: string): Person {
  const staff = parties.staff.get(key);
  if (!staff) throw new Error(`demo staff ${key} is missing`);
  return { id: staff.id, name: staff.name };
}

function freeBrand(rng: Random): CatalogBrand {
  const brand = rng.pick(FREE_TYPED_BRANDS);
  return {
    id: null,
    name: brand.name,
    products: brand.lines.map(([model, articleNo, description, price]) => ({
      id: null,
      model,
      articleNo,
      description,
      isCcc: false,
      urlPath: null,
      tariff: null,
      price: price || listPrice(articleNo),
    })),
  };
}

export function planDemoDocuments(
  rng: Random,
  parties: SeededParties,
  catalog: readonly CatalogBrand[],
): PlannedDocument[] {
  const supplierCompanyId = parties.companyIds.get('supplier') ?? 0;
  return BUYERS.flatMap((buyer) => {
    const companyId = parties.companyIds.get(buyer.company) ?? 0;
    const documentParties: Parties = {
      companyId,
      supplierCompanyId,
      salesContact: person(parties, FOLLOWER[buyer.company] ?? 'chenzm'),
      vip: parties.vip.get(companyId) ?? null,
    };
    return buyer.sheets.map((special) => ({
      parties: documentParties,
      plan: {
        state: special.state,
        brand: special.freeBrand
          ? freeBrand(rng)
          : // A 3C sheet needs a brand that sells 3C products.
            rng.pick(catalog.filter((b) => b.products.some((p) => p.isCcc || !special.ccc))),
        owner: person(parties, special.owner ?? rng.pick(buyer.owners)),
        ccc: special.ccc,
        staleValidity: special.staleValidity,
        finance: special.finance,
      },
      attachments: special.attachments === true,
    }));
  });
}

export type PlannedTodos = {
  todos: TodoRow[];
  /** Files to attach to todos[index] (made once ids are known). */
  attachments: Array<{ index: number; name: string; kind: 'pdf' | 'png'; title: string }>;
};

const SERVICE_STATES: readonly TodoState[] = ['UNREAD', 'READ', 'PROCESSED', 'DELAYED'];

export function planDemoTodos(
  rng: Random,
  parties: SeededParties,
  documents: readonly BuiltDocument[],
  anchorMs: number,
): PlannedTodos {
  const supplierCompanyId = parties.companyIds.get('supplier') ?? 0;
  const staffById = new Map([...parties.staff.values()].map((s) => [s.id, s]));
  const companyKey = new Map([...parties.companyIds].map(([key, id]) => [id, key]));
  const targets: ThreadTarget[] = documents
    .filter((d) => d.sheet.state !== 'DRAFT')
    .map((d) => {
      const owner = staffById.get(d.sheet.ownerContactId ?? 0);
      const key = companyKey.get(d.sheet.companyId) ?? '';
      return {
        module: d.order ? 'ORDER' : 'INQUERY_QUOTATION_SHEET',
        stage: stageOf(d.sheet.state, d.order !== null),
        moduleId: d.order ? d.order.id : d.sheet.id,
        moduleNumber: d.order ? d.order.name : d.sheet.name,
        buyerCompanyId: d.sheet.companyId,
        buyer: { id: owner?.id ?? 0, name: owner?.name ?? '' },
        supplierCompanyId,
        sales: person(parties, FOLLOWER[key] ?? 'chenzm'),
        startMs: Date.parse(d.order?.createTime ?? d.sheet.createTime),
      };
    });
  const todos: TodoRow[] = [];
  for (const target of targets) {
    if (rng.chance(0.65)) todos.push(...buildThread(rng, target, anchorMs, rng.int(1, 4)));
  }
  // Customer service writes to `buyer` (李娜) in each of their companies, in every to-do state.
  const linaTargets = targets.filter((t) => t.buyer.name === '李娜' && t.module === 'ORDER');
  const service = {
    companyId: parties.companyIds.get('service') ?? 9428,
    contact: person(parties, 'kefu'),
  };
  const south = {
    companyId: parties.companyIds.get('serviceSouth') ?? 39567,
    contact: person(parties, 'kefuSouth'),
  };
  rng.sample(linaTargets, 4).forEach((target, i) => {
    todos.push(buildServiceMessage(rng, target, service, anchorMs, SERVICE_STATES[i]));
  });
  for (const target of rng.sample(
    targets.filter((t) => t.buyerCompanyId !== parties.companyIds.get('jinggong')),
    2,
  )) {
    todos.push(buildServiceMessage(rng, target, south, anchorMs, 'UNREAD'));
  }
  const boss = person(parties, 'wangjg');
  for (const target of rng.sample(
    targets.filter(
      (t) =>
        t.buyer.id !== boss.id &&
        staffById.get(t.buyer.id)?.companyId === staffById.get(boss.id)?.companyId &&
        staffById.get(t.buyer.id)?.inService,
    ),
    3,
  )) {
    todos.push(buildInternalMessage(rng, target, boss, anchorMs));
  }
  for (const target of rng.sample(
    targets.filter((t) => t.module === 'INQUERY_QUOTATION_SHEET'),
    5,
  )) {
    todos.push(buildMail(rng, target, anchorMs));
  }
  const attachments: PlannedTodos['attachments'] = [];
  const fromSupplier = todos.flatMap((t, index) =>
    t.fromCompanyId === supplierCompanyId && t.type === 'MESSAGE' ? [index] : [],
  );
  for (const index of rng.sample(fromSupplier, 4)) {
    const t = todos[index];
    if (!t) continue;
    const isOrder = t.module === 'ORDER';
    attachments.push({
      index,
      name: `${t.moduleNumber ?? ''}${isOrder ? '发货单' : '报价单'}.pdf`,
      kind: 'pdf',
      title: `${isOrder ? 'Delivery note' : 'Quotation'} ${t.moduleNumber ?? ''}`,
    });
  }
  const fromBuyer = todos.findIndex(
    (t) => t.toCompanyId === supplierCompanyId && t.type === 'MESSAGE',
  );
  if (fromBuyer >= 0)
    attachments.push({ index: fromBuyer, name: '现场照片.png', kind: 'png', title: 'Photo' });
  return { todos, attachments };
}
