// Each offline mutation type as an HTTP call (docs/api.md §6–§8: path, query, body, headers, with
// temporary ids mapped and uploaded files named), its optimistic effect, its ordering key and the
// ids its answer creates.
import { describe, expect, it } from 'vitest';
import {
  createdIds,
  entityOf,
  MUTATION_TYPES,
  MUTATIONS,
  type MutationInput,
  optimistic,
  requestTarget,
  toRequest,
} from '../../../src/sync/core/mutations';
import { type IdMap, PENDING_FIELD, type UploadedFiles } from '../../../src/sync/core/types';
import {
  blob,
  CLIENT,
  createSheet,
  entry,
  line,
  message,
  orderCancel,
  orderOwner,
  orderRow,
  saveDraft,
  sheetOwner,
  sheetRow,
  todoRow,
  todoState,
  uploadedAs,
} from './fixtures';
import { mailCreate, mailDelete, mailState, mailUpdate, messageDelete } from './mailFixtures';

const KEY = `${CLIENT}:1`;
const uploaded: UploadedFiles = new Map([['blob-1', uploadedAs('11/u1/photo.png')]]);
const none: IdMap = new Map();

type Case = {
  name: string;
  mutation: MutationInput;
  idMap?: IdMap;
  method: string;
  path: string;
  query?: Record<string, string>;
  body: unknown;
  ifMatch?: string;
};

const cases: Case[] = [
  {
    name: 'sheet.create: draft with an existing brand, owner, supplier and an uploaded attachment',
    mutation: createSheet(-1, {
      lines: [
        line({
          productId: 301,
          productType: '6ES7',
          productArticleNo: '214-1AG40',
          qty: 2,
          attachments: [
            blob('blob-1'),
            { ...blob('x'), clientFileId: null, objectName: '11/a/b.pdf' },
          ],
        }),
      ],
      supplier: { companyId: 20, name: '上海供应链有限公司', paymentMethod: 'INVOICE_PAYMENT' },
      owner: { id: 7, name: '李采购' },
      remark: '急',
    }),
    method: 'POST',
    path: '/inquiry-api/v7/inquiry_quotation',
    body: {
      brand: { id: 5, name: 'Siemens' },
      product_list: [
        {
          product_id: 301,
          product_type: '6ES7',
          product_article_no: '214-1AG40',
          short_description: null,
          qty: 2,
          attachments: [{ object_name: '11/u1/photo.png' }, { object_name: '11/a/b.pdf' }],
        },
      ],
      save_to_draft: true,
      supplier: { company_id: 20, payment_method: 'INVOICE_PAYMENT' },
      reseller: { company_id: 11, contacts_user_id: 7 },
      remark: '急',
    },
  },
  {
    name: 'sheet.create: a new brand goes with its temporary id (the server makes it by name)',
    mutation: createSheet(-1, { brand: { id: -2, name: 'Acme', view: null }, saveToDraft: false }),
    method: 'POST',
    path: '/inquiry-api/v7/inquiry_quotation',
    body: {
      brand: { id: -2, name: 'Acme' },
      product_list: [
        {
          product_id: null,
          product_type: 'ABC-123',
          product_article_no: null,
          short_description: null,
          qty: 3,
          attachments: [],
        },
      ],
      save_to_draft: false,
      supplier: null,
      reseller: null,
      remark: null,
    },
  },
  {
    name: 'sheet.create: a new brand another create already made is sent by its server id',
    mutation: createSheet(-1, { brand: { id: -2, name: 'Acme', view: null } }),
    idMap: new Map([[-2, 77]]),
    method: 'POST',
    path: '/inquiry-api/v7/inquiry_quotation',
    body: expect.objectContaining({ brand: { id: 77, name: 'Acme' } }),
  },
  {
    name: 'sheet.saveDraft: only the lines when nothing else changed, If-Match the edited version',
    mutation: saveDraft(1234, 8),
    method: 'POST',
    path: '/inquiry-api/v7/inquiry_quotation/1234',
    body: {
      product_list: [
        {
          product_id: null,
          product_type: 'ABC-123',
          product_article_no: null,
          short_description: null,
          qty: 3,
          attachments: [],
        },
      ],
    },
    ifMatch: '"8"',
  },
  {
    name: 'sheet.saveDraft: a sheet created offline, mapped; brand, payment method, cleared remark',
    mutation: saveDraft(-1, 3, {
      brand: { id: 6, name: 'ABB', view: null },
      paymentMethod: 'INVOICE_PAYMENT',
      remark: null,
      lines: [line({ attachments: [blob('blob-1')] })],
    }),
    idMap: new Map([[-1, 1234]]),
    method: 'POST',
    path: '/inquiry-api/v7/inquiry_quotation/1234',
    body: {
      product_list: [
        expect.objectContaining({ attachments: [{ object_name: '11/u1/photo.png' }] }),
      ],
      brand: { id: 6, name: 'ABB' },
      supplier: { payment_method: 'INVOICE_PAYMENT' },
      remark: null,
    },
    ifMatch: '"3"',
  },
  {
    name: 'sheet.changeOwner',
    mutation: sheetOwner(1234, 3, 9),
    method: 'PUT',
    path: '/inquiry-api/v7/inquiry_quotation/1234/follower',
    body: { follower_id: 9 },
    ifMatch: '"3"',
  },
  {
    name: 'sheet.changeOwner of a sheet created offline',
    mutation: sheetOwner(-1, 40, 9),
    idMap: new Map([[-1, 1234]]),
    method: 'PUT',
    path: '/inquiry-api/v7/inquiry_quotation/1234/follower',
    body: { follower_id: 9 },
    ifMatch: '"40"',
  },
  {
    name: 'order.changeOwner',
    mutation: orderOwner(88, 12, 9),
    method: 'PUT',
    path: '/orders-api/v7/orders/88/follower',
    body: { follower_id: 9 },
    ifMatch: '"12"',
  },
  {
    name: 'order.requestCancel',
    mutation: orderCancel(88),
    method: 'POST',
    path: '/orders-api/v7/orders/88/actions',
    body: { action: 'cancel', reason: '重复下单' },
  },
  {
    name: 'order.setForecast',
    mutation: { type: 'order.setForecast', payload: { id: 88, date: '2025-03-01' } },
    method: 'PATCH',
    path: '/orders-api/v7/orders/88/forecast_receive_date',
    body: { forecast_receive_date: '2025-03-01' },
  },
  {
    name: 'message.post on a sheet created offline, with an uploaded file',
    mutation: message(-5, -1, [blob('blob-1')]),
    idMap: new Map([[-1, 1234]]),
    method: 'POST',
    path: '/todos-api/v7/messages',
    body: {
      module: 'INQUERY_QUOTATION_SHEET',
      module_id: 1234,
      subject: '请确认交期',
      to_company_id: 20,
      to_contacts_id: 31,
      todo_files: ['11/u1/photo.png'],
    },
  },
  {
    name: 'todo.setState READ of a MESSAGE',
    mutation: todoState(5, 'READ', { todoType: 'MESSAGE' }),
    method: 'PUT',
    path: '/todos-api/v7/todos/5',
    query: { state: 'READ', todoTypes: 'MESSAGE' },
    body: undefined,
  },
  {
    name: 'todo.setState PROCESSED',
    mutation: todoState(5, 'PROCESSED'),
    method: 'PUT',
    path: '/todos-api/v7/todos/5',
    query: { state: 'PROCESSED' },
    body: undefined,
  },
  {
    name: 'todo.setState DELAYED now (favourite)',
    mutation: todoState(5, 'DELAYED'),
    method: 'PUT',
    path: '/todos-api/v7/todos/5',
    query: { state: 'DELAYED' },
    body: undefined,
  },
  {
    name: 'todo.setState DELAYED until a time (PATCH ?delay)',
    mutation: todoState(5, 'DELAYED', { delay: '2025-02-01T00:00:00.000Z' }),
    method: 'PATCH',
    path: '/todos-api/v7/todos/5',
    query: { delay: '2025-02-01T00:00:00.000Z' },
    body: undefined,
  },
  {
    name: 'message.delete of a message mapped from its offline id',
    mutation: messageDelete(-4),
    idMap: new Map([[-4, 40]]),
    method: 'DELETE',
    path: '/todos-api/v7/messages/40',
    body: undefined,
  },
  {
    name: 'mail.create: a draft to a contact',
    mutation: mailCreate(-6),
    method: 'POST',
    path: '/todos-api/v7/mails',
    body: { subject: '下周盘点', to_company_id: 11, to_contacts_id: 8, mail_state: 'draft' },
  },
  {
    name: 'mail.update: sent with its edit',
    mutation: mailUpdate(6, { mailState: 'send' }),
    method: 'PUT',
    path: '/todos-api/v7/mails/6',
    body: { subject: '下周三盘点', to_contacts_id: null, mail_state: 'send' },
  },
  {
    name: 'mail.setState (PATCH ?mailState)',
    mutation: mailState(6, 'junk'),
    method: 'PATCH',
    path: '/todos-api/v7/mails/6',
    query: { mailState: 'junk' },
    body: undefined,
  },
  {
    name: 'mail.delete of a draft',
    mutation: mailDelete(6),
    method: 'DELETE',
    path: '/todos-api/v7/mails/6',
    body: undefined,
  },
];

describe('toRequest', () => {
  it.each(cases)('$name', (c) => {
    const request = toRequest(entry(1, c.mutation), c.idMap ?? none, uploaded);
    expect(request).toEqual({
      method: c.method,
      path: c.path,
      query: { currentCompanyId: '11', ...c.query },
      body: c.body,
      headers: { 'Idempotency-Key': KEY, ...(c.ifMatch ? { 'If-Match': c.ifMatch } : {}) },
    });
  });

  it('covers every mutation type', () => {
    const covered = new Set(cases.map((c) => c.mutation.type));
    expect([...covered].sort()).toEqual([...MUTATION_TYPES].sort());
  });

  it('sends a retried refusal under its new key', () => {
    const retried = entry(1, sheetOwner(3, 1), { key: `${KEY}.r1` });
    expect(toRequest(retried, none, uploaded).headers['Idempotency-Key']).toBe(`${KEY}.r1`);
  });

  it('refuses to build a call naming an unmapped temporary id or a file not uploaded', () => {
    expect(() => toRequest(entry(1, sheetOwner(-1, 1)), none, uploaded)).toThrow(/unmapped/);
    expect(() => toRequest(entry(1, message(-5, 9, [blob('gone')])), none, uploaded)).toThrow(
      /not uploaded/,
    );
  });

  it('builds the fetch target with the query encoded', () => {
    const request = toRequest(
      entry(1, todoState(5, 'DELAYED', { delay: '2025-02-01T00:00:00.000Z' })),
      none,
      uploaded,
    );
    expect(requestTarget(request)).toBe(
      '/todos-api/v7/todos/5?currentCompanyId=11&delay=2025-02-01T00%3A00%3A00.000Z',
    );
  });
});

describe('entityOf', () => {
  it.each([
    [createSheet(-1), { table: 'sheets', id: -1 }],
    [saveDraft(4, 1), { table: 'sheets', id: 4 }],
    [sheetOwner(4, 1), { table: 'sheets', id: 4 }],
    [orderOwner(4, 1), { table: 'orders', id: 4 }],
    [orderCancel(4), { table: 'orders', id: 4 }],
    [message(-5, 4), { table: 'threads', id: 'INQUERY_QUOTATION_SHEET:4' }],
    [message(-5, 4, [], 'ORDER'), { table: 'threads', id: 'ORDER:4' }],
    [todoState(4, 'READ'), { table: 'todos', id: 4 }],
  ] as const)('%o → %o', (mutation, expected) => {
    expect(entityOf(entry(1, mutation))).toEqual(expected);
  });
});

describe('optimistic', () => {
  const rows = new Map([
    ['sheets:4', sheetRow(4, 3)],
    ['orders:88', orderRow(88, 12)],
    ['todos:5', todoRow(5, 2, 'UNREAD')],
  ] as const);

  it('a new sheet appears as a DRAFT under its temporary id, marked pending', () => {
    const next = optimistic(rows, entry(1, createSheet(-1, { owner: { id: 7, name: '李采购' } })));
    expect(next.get('sheets:-1')).toMatchObject({
      id: -1,
      state: 'DRAFT',
      company_id: 11,
      brand: { id: 5, name: 'Siemens' },
      brand_name: 'Siemens',
      current_node: { contacts_user: { id: 7, name: '李采购' } },
      inquiry_product_list: [{ product_type: 'ABC-123', qty: 3, quote_state: 'WAITING_INQUIRY' }],
      create_time: '2025-01-09T02:00:00.000Z',
      version: 0,
      [PENDING_FIELD]: true,
    });
    expect(next.get('sheets:4')).toBe(rows.get('sheets:4'));
  });

  it('a draft save replaces the lines and keeps the rest', () => {
    const next = optimistic(rows, entry(1, saveDraft(4, 3, { lines: [line(), line({ qty: 9 })] })));
    const row = next.get('sheets:4');
    expect(row?.inquiry_product_list).toHaveLength(2);
    expect(row).toMatchObject({ name: 'XJ20250109000004', version: 3, [PENDING_FIELD]: true });
  });

  it('the owner shown changes at once, on sheets and orders', () => {
    const sheet = optimistic(rows, entry(1, sheetOwner(4, 3, 9))).get('sheets:4');
    expect(sheet?.current_node).toEqual({
      company_id: 11,
      contacts_user: { id: 9, name: '员工9' },
    });
    const order = optimistic(rows, entry(1, orderOwner(88, 12, 9))).get('orders:88');
    expect(order?.current_order_node).toMatchObject({ contacts_user: { id: 9, name: '员工9' } });
  });

  it('a cancel request shows the order at −10 (取消申请中) at once, only where the server would', () => {
    const order = optimistic(rows, entry(1, orderCancel(88))).get('orders:88');
    expect(order).toMatchObject({ id: 88, state: -10, [PENDING_FIELD]: true });
    const shipped = new Map([['orders:89', orderRow(89, 4, { state: 30 })]] as const);
    expect(optimistic(shipped, entry(1, orderCancel(89))).get('orders:89')).toBe(
      shipped.get('orders:89'),
    );
    const cancelled = new Map([
      ['orders:90', orderRow(90, 4, { order_base_state: 'CANCELLED' })],
    ] as const);
    expect(optimistic(cancelled, entry(1, orderCancel(90))).get('orders:90')).toBe(
      cancelled.get('orders:90'),
    );
  });

  it('a message appears in its thread, pending, with its files by client id', () => {
    const next = optimistic(rows, entry(1, message(-5, 4, [blob('blob-1')])));
    expect(next.get('todos:-5')).toMatchObject({
      id: -5,
      type: 'MESSAGE',
      state: 'UNREAD',
      module: 'INQUERY_QUOTATION_SHEET',
      module_id: 4,
      from_company_id: 11,
      to_company_id: 20,
      has_attachment: true,
      todo_files: [{ attachment: { name: 'photo.png', client_file_id: 'blob-1' } }],
      [PENDING_FIELD]: true,
    });
  });

  it.each([
    ['READ', 'UNREAD', null, 'READ'],
    ['READ', 'PROCESSED', null, 'PROCESSED'],
    ['READ', 'DELAYED', null, 'DELAYED'],
    ['PROCESSED', 'READ', null, 'PROCESSED'],
    ['DELAYED', 'READ', null, 'DELAYED'],
    ['DELAYED', 'DELAYED', '2025-03-01T00:00:00.000Z', 'DELAYED'],
  ] as const)('to-do %s on a %s row → %s', (state, from, delay, expected) => {
    const base = new Map([['todos:5', todoRow(5, 2, from)]] as const);
    const row = optimistic(base, entry(1, todoState(5, state, { delay }))).get('todos:5');
    expect(row?.state).toBe(expected);
    if (delay) expect(row?.delay_time).toBe(delay);
  });

  it('favouriting sets delay_time to the time of the change; the take-over reassigns', () => {
    const row = optimistic(
      rows,
      entry(1, todoState(5, 'DELAYED', { assignee: { id: 7, name: '李采购' } })),
    ).get('todos:5');
    expect(row).toMatchObject({
      state: 'DELAYED',
      delay_time: '2025-01-09T02:00:00.000Z',
      to_contacts_id: 7,
      to_contacts_name: '李采购',
    });
  });

  it('an update of a row the device does not hold changes nothing', () => {
    expect(optimistic(new Map(), entry(1, sheetOwner(4, 3))).get('sheets:4')).toBeNull();
  });

  it('every effect is idempotent', () => {
    for (const mutation of [
      createSheet(-1),
      saveDraft(4, 3),
      sheetOwner(4, 3),
      orderOwner(88, 12),
      message(-5, 4),
      todoState(5, 'READ'),
      todoState(5, 'DELAYED', { delay: '2025-03-01T00:00:00.000Z' }),
    ]) {
      const e = entry(1, mutation);
      const once = optimistic(rows, e);
      expect(optimistic(once, e)).toEqual(once);
    }
  });
});

describe('createdIds', () => {
  it('a create maps its sheet and its new brand from the answered row', () => {
    const answer = sheetRow(1234, 40, { brand: { id: 77, name: 'Acme' } });
    const e = entry(1, createSheet(-1, { brand: { id: -2, name: 'Acme', view: null } }));
    expect(createdIds(e, answer)).toEqual([
      [-1, 1234],
      [-2, 77],
    ]);
  });

  it('an existing brand maps nothing; a message maps its to-do', () => {
    expect(createdIds(entry(1, createSheet(-1)), sheetRow(1234, 40))).toEqual([[-1, 1234]]);
    expect(createdIds(entry(1, message(-5, 4)), todoRow(900, 41, 'UNREAD'))).toEqual([[-5, 900]]);
    expect(createdIds(entry(1, sheetOwner(4, 3)), sheetRow(4, 41))).toEqual([]);
  });

  it('every type starts at payload version 1 with a checkable schema', () => {
    for (const type of MUTATION_TYPES) expect(MUTATIONS[type].version).toBe(1);
  });
});
