// Creating and editing purchase sheets (purchasing-core §4.2 draft rules, §5 validation, §7.2):
// create (draft or sent), save draft with If-Match, product-line edits only in DRAFT, send inquiry,
// Idempotency-Key replays, the sync feed, and company isolation of every write.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, sheets } from '../../../server/db/schema/index';
import { SHEET_MESSAGES } from '../../../server/purchasing/sheetSupport';
import { drivers } from '../../support/databases';
import {
  type Answer,
  BASE,
  createBody,
  type InquiryServer,
  linesOf,
  row,
  startInquiryServer,
} from './inquiryHarness';

describe.each(drivers)('inquiry drafts on %s', (driver) => {
  let s: InquiryServer;
  beforeAll(async () => {
    s = await startInquiryServer(driver);
  });
  afterAll(async () => s.close());

  const create = (body: unknown, headers?: Record<string, string>) =>
    s.call('userA', 'POST', BASE, { body, ...(headers ? { headers } : {}) });
  const newDraft = async () => {
    const answer = await create(createBody(s.ids.brands.logo, true));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return row(answer) as { id: number; version: number; name: string };
  };
  const refusedWith = (answer: Answer, status: number, message: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.error_message).toBe(message);
  };
  const withLine = (line: Record<string, unknown>) => ({
    ...createBody(s.ids.brands.logo, true),
    product_list: [line],
  });

  it('creates a draft owned by its creator with a readable purchase number, then sends it', async () => {
    const body = { ...createBody(s.ids.brands.logo, true), supplier: undefined };
    const answer = await create(body);
    expect(answer.status).toBe(200);
    const sheet = row(answer);
    expect(sheet.state).toBe('DRAFT');
    expect(sheet.name).toMatch(/^XJ\d{8}\d{6}$/);
    expect(sheet.current_node).toMatchObject({ contacts_user: { id: s.ids.contacts.userA } });
    expect(sheet.supplier_node).toMatchObject({
      payment_method: 'ADVANCE_PAYMENT',
      company: { id: s.ids.companies.supplier },
    });
    expect(sheet.brand).toMatchObject({ id: s.ids.brands.logo, name: 'Siemens' });
    expect(linesOf(sheet)).toHaveLength(1);

    const sent = await s.call('userA', 'PUT', `${BASE}/${sheet.id}/send_inquiry`);
    expect(sent.status).toBe(200);
    expect(row(sent).state).toBe('INQUIRY_SENT');
    expect((row(sent).state_log_list as Array<{ state: string }>).map((e) => e.state)).toEqual([
      'DRAFT',
      'INQUIRY_SENT',
    ]);
    expect(row(sent).version).toBeGreaterThan(sheet.version as number);
  });

  it('creates a sent inquiry directly, numbering sheets of a day in sequence', async () => {
    const first = row(await create(createBody(s.ids.brands.logo)));
    const second = row(await create(createBody(s.ids.brands.logo)));
    expect(first.state).toBe('INQUIRY_SENT');
    const seq = (name: unknown) => Number(String(name).slice(-6));
    expect(seq(second.name)).toBe(seq(first.name) + 1);
  });

  it('creates a brand the user typed (negative id) as UNSPECIFIED and shares it with the company only', async () => {
    const { cursor: cursorA } = await s.feed('userA');
    const { cursor: cursorB } = await s.feed('userB');
    const answer = await create({
      ...createBody(s.ids.brands.logo),
      brand: { id: -1, name: '  Festo Neu ' },
    });
    expect(answer.status).toBe(200);
    const brand = row(answer).brand as { id: number; name: string; state: string };
    expect(brand).toMatchObject({ name: 'Festo Neu', state: 'UNSPECIFIED' });
    const feedA = await s.feed('userA', cursorA);
    expect(feedA.changes).toContainEqual(
      expect.objectContaining({ table: 'brands', id: String(brand.id), op: 'upsert' }),
    );
    const feedB = await s.feed('userB', cursorB);
    expect(feedB.changes).toEqual([]);
    // The same name again reuses the brand (case-insensitive) and does not re-share it.
    const again = await create({
      ...createBody(s.ids.brands.logo),
      brand: { id: -7, name: 'festo neu' },
    });
    expect((row(again).brand as { id: number }).id).toBe(brand.id);
    const named = await s.db.database.db.select().from(brands).where(eq(brands.name, 'Festo Neu'));
    expect(named).toHaveLength(1);
  });

  it('keeps a typed brand to the company that typed it until the supplier publishes it (L8)', async () => {
    const typed = row(
      await create({ ...createBody(s.ids.brands.logo), brand: { id: -2, name: 'Privat Marke' } }),
    ).brand as { id: number };
    const [stored] = await s.db.database.db.select().from(brands).where(eq(brands.id, typed.id));
    expect(stored?.createdByCompanyId).toBe(s.ids.companies.buyerA);
    // Vetted (a logo, EXIST) but not published: still company A's alone.
    await s.db.database.db
      .update(brands)
      .set({ state: 'EXIST', logoUrl: '/logos/privat.svg' })
      .where(eq(brands.id, typed.id));
    const search = (who: 'userA' | 'userB') =>
      s.call(who, 'GET', '/api/v7/search/brands', { query: { name: 'Privat' } });
    const names = (answer: Answer) =>
      (answer.body.data as { items: { id: number }[] }).items.map((b) => b.id);
    expect(names(await search('userA'))).toEqual([typed.id]);
    const { cursor: cursorB } = await s.feed('userB');
    expect(names(await search('userB'))).toEqual([]);
    // B cannot name it by id (as if unknown), and its feed never gets it.
    const byId = await s.call('userB', 'POST', BASE, {
      body: { ...createBody(s.ids.brands.logo), brand: { id: typed.id, name: 'x' } },
    });
    refusedWith(byId, 400, SHEET_MESSAGES.BRAND_NOT_FOUND);
    expect((await s.feed('userB', cursorB)).changes).toEqual([]);
    // A names it by id again.
    const again = await create({ ...createBody(s.ids.brands.logo), brand: { id: typed.id } });
    expect((row(again).brand as { id: number }).id).toBe(typed.id);
    // Published (the supplier clears the column): everyone may name and find it.
    await s.db.database.db
      .update(brands)
      .set({ createdByCompanyId: null })
      .where(eq(brands.id, typed.id));
    expect(names(await search('userB'))).toEqual([typed.id]);
  });

  it('refuses a wrong brand or product and accepts a brand with a correct version', async () => {
    refusedWith(
      await create({
        ...createBody(s.ids.brands.wrong),
        brand: { id: s.ids.brands.wrong, name: 'Siemenz' },
      }),
      422,
      '该品牌是错误品牌，请重新选择品牌',
    );
    refusedWith(
      await create(withLine({ id: s.ids.products.wrong, qty: 1 })),
      422,
      '该产品是错误产品，请重新选择产品',
    );
    const replaced = await create({
      ...createBody(s.ids.brands.replaced),
      brand: { id: s.ids.brands.replaced, name: 'Siemens AG' },
    });
    expect(replaced.status).toBe(200);
    // A chosen product fills in its model and order number.
    const chosen = await create(withLine({ id: s.ids.products.normal, qty: 1 }));
    expect(linesOf(row(chosen))[0]).toMatchObject({ product_type: '6ES7214-1AG40' });
  });

  it('applies the §5 rules with their messages', async () => {
    refusedWith(await create({ ...createBody(0), brand: { name: '  ' } }), 400, '品牌名不能为空');
    refusedWith(
      await create({
        ...createBody(s.ids.brands.logo),
        product_list: [{ short_description: 'x', qty: 1 }],
      }),
      400,
      '产品型号、订货号不能全部为空',
    );
    // A draft may hold a line still being typed.
    expect((await create(withLine({ short_description: '备注', qty: 1 }))).status).toBe(200);
    refusedWith(
      await create({ ...createBody(s.ids.brands.logo, true), product_list: [] }),
      400,
      '至少需要保留一个产品！',
    );
    for (const text of [{ product_type: '西门子PLC' }, { product_article_no: 'AB中文' }]) {
      refusedWith(
        await create(withLine({ ...text, qty: 1 })),
        400,
        '产品型号/订货号不能有中文字符!',
      );
    }
    for (const qty of [0, 1.5, -1]) {
      refusedWith(
        await create(withLine({ product_type: 'A1', qty })),
        400,
        '数量必须为大于0的整数',
      );
    }
  });

  it('checks attachments: at most 2, images or PDF, uploaded by the same company', async () => {
    const { imageA, pdfA, secondImageA, textA, imageB } = s.ids.files;
    const attach = (names: string[]) =>
      create(
        withLine({
          product_type: 'A1',
          qty: 1,
          attachments: names.map((object_name) => ({ object_name })),
        }),
      );
    const ok = await attach([imageA, pdfA]);
    expect(ok.status).toBe(200);
    expect(linesOf(row(ok))[0]).toMatchObject({
      attachments: [
        { object_name: imageA, name: 'photo.png', content_type: 'image/png', size: 4 },
        { object_name: pdfA, name: 'spec.pdf', content_type: 'application/pdf', size: 4 },
      ],
    });
    refusedWith(await attach([imageA, pdfA, secondImageA]), 400, '每个产品最多上传2个附件!');
    refusedWith(await attach([textA]), 400, '只能上传图片或PDF文件!');
    refusedWith(await attach([imageB]), 400, '附件不存在或已删除，请重新上传');
  });

  it('answers 400 naming the field for malformed bodies', async () => {
    const bad = async (body: unknown, field: string) => {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error_message).toContain(field);
    };
    await bad(
      { ...createBody(s.ids.brands.logo), supplier: { payment_method: 'CASH' } },
      'payment_method',
    );
    await bad({ ...createBody(s.ids.brands.logo), product_list: 'x' }, 'product_list');
    await bad(withLine({ product_type: 'A'.repeat(201) }), 'product_type');
    await bad({ product_list: [] }, 'brand');
    await bad(withLine({ product_type: 'A1', qty: 'many' }), 'qty');
  });

  it('refuses a reseller of another company', async () => {
    const answer = await create({
      ...createBody(s.ids.brands.logo),
      reseller: { company_id: s.ids.companies.buyerB },
    });
    expect(answer.status).toBe(403);
  });

  it('saves a draft with If-Match and answers 409 with the current row when stale', async () => {
    const draft = await newDraft();
    const lines = [
      { product_type: 'NEW-1', qty: 5 },
      { product_article_no: 'NEW-2', qty: 1 },
    ];
    const saved = await s.call('userA', 'POST', `${BASE}/${draft.id}`, {
      body: { product_list: lines },
      headers: { 'if-match': String(draft.version) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(linesOf(row(saved)).map((l) => [l.product_type, l.qty])).toEqual([
      ['NEW-1', 5],
      [null, 1],
    ]);
    const stale = await s.call('userA', 'POST', `${BASE}/${draft.id}`, {
      body: { product_list: [{ product_type: 'LOST', qty: 1 }] },
      headers: { 'if-match': `"${draft.version}"` },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('VERSION_CONFLICT');
    expect(stale.body.data).toMatchObject({ id: draft.id, version: row(saved).version });
    expect(linesOf(stale.body.data as Record<string, unknown>)).toHaveLength(2);
    const malformed = await s.call('userA', 'POST', `${BASE}/${draft.id}`, {
      body: { product_list: lines },
      headers: { 'if-match': 'yesterday' },
    });
    expect(malformed.status).toBe(400);
    // Without If-Match the save applies (last writer wins).
    const blind = await s.call('userA', 'POST', `${BASE}/${draft.id}`, {
      body: { product_list: lines },
    });
    expect(blind.status).toBe(200);
    refusedWith(
      await s.call('userA', 'POST', `${BASE}/${s.ids.sheets.sentA.id}`, {
        body: { product_list: lines },
      }),
      422,
      '只有草稿状态的采购单可以保存草稿',
    );
  });

  it('adds, updates and deletes lines of a draft, keeping at least one', async () => {
    const draft = await newDraft();
    const added = await s.call('userA', 'PUT', `${BASE}/${draft.id}/add_product`, {
      body: { product_type: 'ADD-1', qty: 3 },
    });
    expect(added.status).toBe(200);
    const [first, second] = linesOf(row(added));
    expect(second).toMatchObject({ product_type: 'ADD-1', qty: 3 });
    const updated = await s.call(
      'userA',
      'PUT',
      `${BASE}/${draft.id}/inquiry_products/${second?.id}`,
      {
        body: { qty: 7 },
      },
    );
    expect(updated.status).toBe(200);
    expect(linesOf(row(updated))[1]).toMatchObject({
      id: second?.id,
      product_type: 'ADD-1',
      qty: 7,
    });
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${draft.id}/inquiry_products/${second?.id}`, {
        body: { qty: 0 },
      }),
      400,
      '数量必须为大于0的整数',
    );
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${draft.id}/inquiry_products/${second?.id}`, {
        body: { product_type: '型号' },
      }),
      400,
      '产品型号/订货号不能有中文字符!',
    );
    const deleted = await s.call(
      'userA',
      'DELETE',
      `${BASE}/${draft.id}/inquiry_products/${first?.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(linesOf(row(deleted)).map((l) => l.id)).toEqual([second?.id]);
    refusedWith(
      await s.call('userA', 'DELETE', `${BASE}/${draft.id}/inquiry_products/${second?.id}`),
      422,
      '至少需要保留一个产品！',
    );
    // A line of another sheet is not this sheet's line.
    const other = s.ids.sheets.draftA.lines[0];
    expect(
      (await s.call('userA', 'DELETE', `${BASE}/${draft.id}/inquiry_products/${other}`)).status,
    ).toBe(404);
  });

  it('keeps a line’s attachments and product unless the update names them', async () => {
    const created = row(
      await create(
        withLine({
          id: s.ids.products.normal,
          qty: 1,
          attachments: [{ object_name: s.ids.files.imageA }],
        }),
      ),
    );
    const line = linesOf(created)[0];
    const path = `${BASE}/${created.id}/inquiry_products/${line?.id}`;
    const updated = row(await s.call('userA', 'PUT', path, { body: { qty: 4 } }));
    expect(linesOf(updated)[0]).toMatchObject({
      qty: 4,
      product_id: s.ids.products.normal,
      attachments: [{ object_name: s.ids.files.imageA }],
    });
    // Typing a new model drops the chosen product (§5); choosing one by id sets it again.
    const retyped = row(await s.call('userA', 'PUT', path, { body: { product_type: 'OWN-1' } }));
    expect(linesOf(retyped)[0]).toMatchObject({ product_id: null, product_type: 'OWN-1' });
    const chosen = row(
      await s.call('userA', 'PUT', path, {
        body: { id: s.ids.products.normal, product_type: null },
      }),
    );
    expect(linesOf(chosen)[0]).toMatchObject({
      product_id: s.ids.products.normal,
      product_type: '6ES7214-1AG40',
    });
    const cleared = row(await s.call('userA', 'PUT', path, { body: { attachments: [] } }));
    expect(linesOf(cleared)[0]).toMatchObject({ attachments: [] });
  });

  it('edits lines only in DRAFT', async () => {
    const { id, lines } = s.ids.sheets.sentA;
    const message = '只有草稿状态的采购单可以编辑产品';
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${id}/add_product`, { body: { product_type: 'X1' } }),
      422,
      message,
    );
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${id}/inquiry_products/${lines[0]}`, {
        body: { qty: 2 },
      }),
      422,
      message,
    );
    refusedWith(
      await s.call('userA', 'DELETE', `${BASE}/${id}/inquiry_products/${lines[0]}`),
      422,
      message,
    );
  });

  it('sends only drafts, and only with a named line', async () => {
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${s.ids.sheets.sentA.id}/send_inquiry`),
      422,
      '只有草稿状态的采购单可以发送询价',
    );
    const draft = row(await create(withLine({ short_description: '待补充', qty: 1 })));
    refusedWith(
      await s.call('userA', 'PUT', `${BASE}/${draft.id}/send_inquiry`),
      422,
      '产品型号、订货号不能全部为空',
    );
  });

  it('replays a create with the same Idempotency-Key: same sheet, one row', async () => {
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await create(createBody(s.ids.brands.logo), headers);
    const replay = await create(createBody(s.ids.brands.logo), headers);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(row(replay).id).toBe(row(first).id);
    const stored = await s.db.database.db
      .select()
      .from(sheets)
      .where(eq(sheets.name, String(row(first).name)));
    expect(stored).toHaveLength(1);
    const total = async () =>
      ((await s.call('userA', 'GET', BASE)).body.data as { total: number }).total;
    const before = await total();
    await create(createBody(s.ids.brands.logo), headers);
    expect(await total()).toBe(before);
  });

  it('puts every mutation in the company’s feed with the answered version, never in another’s', async () => {
    const { cursor } = await s.feed('userA');
    const { cursor: cursorB } = await s.feed('userB');
    const draft = await newDraft();
    const steps: Array<() => Promise<Answer>> = [
      () =>
        s.call('userA', 'PUT', `${BASE}/${draft.id}/add_product`, { body: { product_type: 'F1' } }),
      () =>
        s.call('userA', 'POST', `${BASE}/${draft.id}`, {
          body: { product_list: [{ product_type: 'F2' }] },
        }),
      () => s.call('userA', 'PUT', `${BASE}/${draft.id}/send_inquiry`),
      () =>
        s.call('userA', 'PUT', `${BASE}/${draft.id}/cancel`, {
          body: { data: { reason: '不需要了' } },
        }),
      () => s.call('userA', 'PUT', `${BASE}/${draft.id}/restore`),
    ];
    for (const step of steps) {
      const answer = await step();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The feed keeps the latest change per row: right after each write it is that write.
      const page = await s.feed('userA', cursor);
      const entry = page.changes.find((c) => c.table === 'sheets' && c.id === String(draft.id));
      expect(entry?.row).toMatchObject({ version: row(answer).version, state: row(answer).state });
    }
    expect((await s.feed('userB', cursorB)).changes).toEqual([]);
  });

  it('keeps company B out of company A’s sheets on every write', async () => {
    const { id, lines } = s.ids.sheets.draftA;
    const tries: Array<[string, 'PUT' | 'POST' | 'DELETE', unknown]> = [
      [`${BASE}/${id}`, 'POST', { product_list: [{ product_type: 'B1' }] }],
      [`${BASE}/${id}/add_product`, 'PUT', { product_type: 'B1' }],
      [`${BASE}/${id}/inquiry_products/${lines[0]}`, 'PUT', { qty: 9 }],
      [`${BASE}/${id}/inquiry_products/${lines[0]}`, 'DELETE', undefined],
      [`${BASE}/${id}/send_inquiry`, 'PUT', undefined],
    ];
    for (const [path, method, body] of tries) {
      const asB = await s.call('userB', method, path, body === undefined ? {} : { body });
      expect(asB.status, `${method} ${path}`).toBe(404);
      const naming = await s.call('userB', method, path, {
        company: s.ids.companies.buyerA,
        ...(body === undefined ? {} : { body }),
      });
      expect(naming.status, `${method} ${path}`).toBe(403);
    }
    const draft = row(await s.call('userA', 'GET', `${BASE}/${id}`));
    expect(draft.state).toBe('DRAFT');
    expect(linesOf(draft)).toHaveLength(2);
  });
});
