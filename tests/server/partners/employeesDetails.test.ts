// The employee's language, QQ and bank account (settings-messaging-shared §3 "Contact or
// employee": partner_contacts language and qq, partner_bank_account): stored and answered by the
// employee calls, language and QQ in the synced staff row and the bank account never, each bad
// value a 400 with its Chinese message (never a 500), and 中国工商银行 of a CN company stored with
// the spec's bank id 4.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/db/schema/index';
import { COMPANY_MESSAGES } from '../../../src/domain/company/messages';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const base = (companyId: number) => `/partners-api/v7/companies/${companyId}/employees`;
const person = { name: '冯详情', mobile: '13512345678' };

describe.each(drivers)('employee language, QQ and bank account on %s', (driver) => {
  let h: Harness;
  const asAdmin = (options: Parameters<Harness['call']>[1]) => h.call('colleague', options);
  const add = (payload: Record<string, unknown>) =>
    asAdmin({ method: 'POST', url: base(h.world.companies.a), payload });
  const edit = (id: number, payload: Record<string, unknown>) =>
    asAdmin({ method: 'PUT', url: `${base(h.world.companies.a)}/${id}`, payload });

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  it.each([
    [{ language: 'fr_FR' }, R.LANGUAGE_INVALID],
    [{ qq: '01234567' }, R.QQ_INVALID],
    [{ qq: '1234' }, R.QQ_INVALID],
    [{ qq: 'qq12345' }, R.QQ_INVALID],
    [
      { partner_bank_account: { account_number: '6222 0212' } },
      COMPANY_MESSAGES.BANK_NAME_REQUIRED,
    ],
    [{ partner_bank_account: { bank_name: '招商银行' } }, COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED],
    [
      { partner_bank_account: { bank_name: '招商银行', account_number: '6222/0212' } },
      R.BANK_ACCOUNT_INVALID,
    ],
    [{ partner_bank_account: { bank_name: '行'.repeat(101), account_number: '6222' } }, R.TOO_LONG],
    [
      {
        partner_bank_account: {
          account_name: '名'.repeat(101),
          bank_name: '招商银行',
          account_number: '6222',
        },
      },
      R.TOO_LONG,
    ],
  ])('refuses %j with 400 and its message', async (extra, message) => {
    const res = await add({ ...person, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe(message);
  });

  it.each([
    { language: { code: 'zh_CN' } },
    { partner_bank_account: 'ICBC' },
    { partner_bank_account: { bank_code: 'x'.repeat(51) } },
  ])('answers a malformed %j with 400, not 500', async (extra) => {
    const res = await add({ ...person, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toEqual(expect.any(String));
  });

  it('stores them, answers them, and syncs language and QQ but never the bank account', async () => {
    const cursor = (await h.feed(h.world.companies.a)).at(-1)?.version ?? 0;
    const res = await add({
      ...person,
      language: 'de_DE',
      qq: ' 123456789 ',
      partner_bank_account: {
        account_name: '冯详情',
        account_number: 'DE89 3704 0044 0532 0130 00',
        bank_name: 'Commerzbank',
      },
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      language: 'de_DE',
      qq: '123456789',
      partner_bank_account: {
        account_name: '冯详情',
        account_number: 'DE89 3704 0044 0532 0130 00',
        bank_code: null,
        bank_name: 'Commerzbank',
      },
    });
    const listed = await asAdmin({ method: 'GET', url: base(h.world.companies.a) });
    expect(listed.json().data.items.find((e: { id: number }) => e.id === row.id)).toMatchObject({
      qq: '123456789',
      partner_bank_account: { bank_name: 'Commerzbank' },
    });
    const feed = await h.feed(h.world.companies.a, cursor);
    const entry = feed.find((e) => e.tableName === 'staff' && e.rowId === String(row.id));
    expect(entry?.row).toMatchObject({ language: 'de_DE', qq: '123456789' });
    expect(entry?.row).not.toHaveProperty('partner_bank_account');
    expect(JSON.stringify(entry?.row)).not.toContain('3704');
  });

  it('keeps them when an edit leaves them out, clears them with null', async () => {
    const created = (
      await add({
        ...person,
        name: '冯保留',
        language: 'zh_CN',
        qq: '10001',
        partner_bank_account: { bank_name: '招商银行', account_number: '6225 8801' },
      })
    ).json().data;
    const kept = await edit(created.id, { position: '会计' });
    expect(kept.json().data).toMatchObject({
      language: 'zh_CN',
      qq: '10001',
      partner_bank_account: { bank_name: '招商银行', account_number: '6225 8801' },
    });
    const cleared = await edit(created.id, { language: null, qq: '', partner_bank_account: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({
      language: null,
      qq: null,
      partner_bank_account: null,
    });
  });

  it('gives 中国工商银行 bank id 4 in a CN company, and no code elsewhere', async () => {
    const icbc = { bank_name: ' 中国工商银行 ', account_number: '6222 0212 0000 0001' };
    const noCountry = (
      await add({ ...person, name: '冯无国家', partner_bank_account: icbc })
    ).json().data;
    expect(noCountry.partner_bank_account).toMatchObject({
      bank_name: '中国工商银行',
      bank_code: null,
    });

    await h.db.database.db
      .update(companies)
      .set({ country: 'CN' })
      .where(eq(companies.id, h.world.companies.a));
    const cn = (await add({ ...person, name: '冯工行', partner_bank_account: icbc })).json().data;
    expect(cn.partner_bank_account).toMatchObject({ bank_name: '中国工商银行', bank_code: '4' });
    const other = await edit(cn.id, {
      partner_bank_account: { bank_name: '招商银行', account_number: '6225 8801' },
    });
    expect(other.json().data.partner_bank_account).toMatchObject({
      bank_name: '招商银行',
      bank_code: null,
    });
  });
});
