// Invoice info and the default delivery address (settings-messaging-shared §5 "Company
// settings", §7 "Partners"): required fields, the CN-only invoice fields, the mailing and
// delivery cascades checked against the region lists, the phone rule, administrators only, and
// the synced company row carrying each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyRows } from '../../../server/sync/projections/companies';
import { COMPANY_MESSAGES as C } from '../../../src/domain/company/messages';
import { COMPANY_SETTINGS_MESSAGES as S } from '../../../src/domain/company/settingsMessages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const P = '/partners-api/v7/companies';

const CN_INVOICE = {
  tax_code: '91320594MA1MXY3K8B',
  partner_tax: {
    invoice_bank_code: '4',
    invoice_bank_name: '中国工商银行',
    invoice_bank_account: '1102020309200123456',
    invoice_address: '江苏省苏州市吴中区旺山工业园88号',
    invoice_phone: '0512-66881234',
  },
  partner_address: {
    contacts_name: '李静',
    contacts_phone: '13800000002',
    country: 'CN',
    province: '江苏省',
    city: '苏州市',
    district: '吴中区',
    street: '旺山工业园88号',
  },
};

const ADDRESS = {
  address_type: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
  country: 'CN',
  province: '上海市',
  city: '上海市',
  district: '浦东新区',
  street: '张江路 100 号',
  zip: '201203',
  contacts_name: '李静',
  contacts_phone: '13800000002',
};

describe.each(drivers)('invoice and address routes on %s', (driver) => {
  let h: Harness;
  let a: number;
  let a2: number;

  beforeAll(async () => {
    h = await startHarness(driver);
    ({ a, a2 } = h.world.companies);
  });
  afterAll(async () => h.close());

  const asAdmin = (
    method: 'POST' | 'PUT',
    url: string,
    payload: Record<string, unknown>,
    company = a,
  ) => h.call(company === a ? 'colleague' : 'buyer', { method, url, company, payload });
  const rowOf = async (company: number) =>
    (await loadCompanyRows(h.db.database.db, [company])).get(company);

  describe('invoice info', () => {
    it('a company outside CN gives tax code and bank only; CN-only fields are refused', async () => {
      // Company a has no country yet: not CN.
      const cnOnly = await asAdmin('POST', `${P}/${a}/invoices`, CN_INVOICE);
      expect(cnOnly.statusCode).toBe(400);
      expect(cnOnly.json().error_message).toBe(S.INVOICE_CN_ONLY);
      const noBank = await asAdmin('POST', `${P}/${a}/invoices`, { tax_code: 'DE123' });
      expect(noBank.json().error_message).toBe(C.BANK_NAME_REQUIRED);
      const noTax = await asAdmin('POST', `${P}/${a}/invoices`, {
        partner_tax: { invoice_bank_name: 'Deutsche Bank' },
      });
      expect(noTax.json().error_message).toBe(C.TAX_CODE_REQUIRED);
      const ok = await asAdmin('POST', `${P}/${a}/invoices`, {
        tax_code: 'DE123',
        partner_tax: { invoice_bank_name: 'Deutsche Bank' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({
        tax_code: 'DE123',
        partner_tax: { invoice_bank_name: 'Deutsche Bank', invoice_bank_account: null },
      });
      expect((await rowOf(a))?.invoice).toEqual(ok.json().data);
      const again = await asAdmin('POST', `${P}/${a}/invoices`, {
        tax_code: 'DE123',
        partner_tax: { invoice_bank_name: 'Deutsche Bank' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error_message).toBe(S.INVOICE_EXISTS);
    });

    it.each([
      [
        'invoice_bank_account',
        { partner_tax: { invoice_bank_account: '' } },
        C.BANK_ACCOUNT_REQUIRED,
      ],
      [
        'contacts_name',
        { partner_address: { contacts_name: ' ' } },
        C.INVOICE_CONTACT_NAME_REQUIRED,
      ],
      [
        'contacts_phone',
        { partner_address: { contacts_phone: '' } },
        C.INVOICE_CONTACT_PHONE_REQUIRED,
      ],
      ['street', { partner_address: { street: '' } }, C.INVOICE_STREET_REQUIRED],
      ['province', { partner_address: { province: 'Bayern' } }, S.PROVINCE_NOT_IN_COUNTRY],
      ['city', { partner_address: { city: '杭州市' } }, S.CITY_NOT_IN_PROVINCE],
      ['district', { partner_address: { district: '西湖区' } }, S.DISTRICT_NOT_IN_CITY],
      ['country', { partner_address: { country: 'XX' } }, S.COUNTRY_INVALID],
    ])('a CN company must give %s: %j → %s', async (_field, change, message) => {
      const payload = {
        ...CN_INVOICE,
        partner_tax: {
          ...CN_INVOICE.partner_tax,
          ...('partner_tax' in change ? change.partner_tax : {}),
        },
        partner_address: {
          ...CN_INVOICE.partner_address,
          ...('partner_address' in change ? change.partner_address : {}),
        },
      };
      // Company a2 is made a CN company once (the buyer is its administrator).
      await asAdmin('PUT', `${P}/${a2}`, { country: 'CN' }, a2);
      const res = await asAdmin('POST', `${P}/${a2}/invoices`, payload, a2);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(message);
      expect((await rowOf(a2))?.invoice).toBeNull();
    });

    it('a CN company saves the full invoice info and updates it by its id', async () => {
      await asAdmin('PUT', `${P}/${a2}`, { country: 'CN' }, a2);
      const created = await asAdmin('POST', `${P}/${a2}/invoices`, CN_INVOICE, a2);
      expect(created.statusCode).toBe(200);
      const invoice = created.json().data;
      expect(invoice).toMatchObject(CN_INVOICE);
      const get = await h.call('buyer', { method: 'GET', url: `${P}/${a2}/invoices`, company: a2 });
      expect(get.json().data).toEqual(invoice);

      const versionBefore = (await rowOf(a2))?.version ?? 0;
      const updated = await asAdmin(
        'PUT',
        `${P}/${a2}/invoices/${invoice.id}`,
        { ...CN_INVOICE, partner_address: { ...CN_INVOICE.partner_address, district: '姑苏区' } },
        a2,
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data.partner_address.district).toBe('姑苏区');
      const row = await rowOf(a2);
      expect(row?.version).toBeGreaterThan(versionBefore);
      const entry = (await h.feed(a2, versionBefore)).find((c) => c.tableName === 'companies');
      expect(entry?.row).toMatchObject({ invoice: { partner_address: { district: '姑苏区' } } });

      const unknown = await asAdmin('PUT', `${P}/${a2}/invoices/999999`, CN_INVOICE, a2);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error_message).toBe(S.INVOICE_NOT_FOUND);
    });
  });

  describe('default delivery address', () => {
    it.each([
      [{ country: '' }, C.DELIVERY_COUNTRY_REQUIRED],
      [{ country: 'ZZ' }, C.DELIVERY_COUNTRY_REQUIRED],
      [{ street: ' ' }, C.DELIVERY_STREET_REQUIRED],
      [{ contacts_name: '' }, C.DELIVERY_CONTACT_NAME_REQUIRED],
      [{ contacts_phone: '' }, C.DELIVERY_CONTACT_PHONE_REQUIRED],
      [{ contacts_phone: '12800000000' }, C.DELIVERY_CONTACT_PHONE_INVALID],
      [{ contacts_phone: '021-68881201' }, C.DELIVERY_CONTACT_PHONE_INVALID],
      [{ province: '巴伐利亚' }, S.PROVINCE_NOT_IN_COUNTRY],
      [{ city: '苏州市' }, S.CITY_NOT_IN_PROVINCE],
      [{ district: '吴中区' }, S.DISTRICT_NOT_IN_CITY],
      [{ city: '', district: '浦东新区' }, S.DISTRICT_NOT_IN_CITY],
    ])('refuses %j with %s', async (change, message) => {
      const res = await asAdmin('POST', `${P}/${a}/addresses`, { ...ADDRESS, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(message);
      expect((await rowOf(a))?.default_address).toBeNull();
    });

    it('sets the address once, then updates it; each write reaches the synced row', async () => {
      const get = () =>
        h.call('buyer', { method: 'GET', url: `${P}/${a}/default_addresses`, company: a });
      expect((await get()).json().data).toBeNull();
      const created = await asAdmin('POST', `${P}/${a}/addresses`, ADDRESS);
      expect(created.statusCode).toBe(200);
      const address = created.json().data;
      expect(address).toMatchObject({ ...ADDRESS, id: expect.any(Number) });
      expect((await get()).json().data).toEqual(address);
      expect((await rowOf(a))?.default_address).toEqual(address);

      const twice = await asAdmin('POST', `${P}/${a}/addresses`, ADDRESS);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error_message).toBe(S.ADDRESS_EXISTS);

      const before = (await rowOf(a))?.version ?? 0;
      const moved = await asAdmin('PUT', `${P}/${a}/addresses/${address.id}`, {
        ...ADDRESS,
        country: 'US',
        province: 'California',
        city: 'San Jose',
        district: '',
        street: '1 Main St',
        zip: '95113',
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({ country: 'US', city: 'San Jose', district: null });
      const entry = (await h.feed(a, before)).find((c) => c.tableName === 'companies');
      expect(entry?.row).toMatchObject({ default_address: { country: 'US', street: '1 Main St' } });

      // A country without a list takes any province and city.
      const free = await asAdmin('PUT', `${P}/${a}/addresses/${address.id}`, {
        ...ADDRESS,
        country: 'FR',
        province: 'Île-de-France',
        city: 'Paris',
        district: '',
      });
      expect(free.statusCode).toBe(200);

      const unknown = await asAdmin('PUT', `${P}/${a}/addresses/999999`, ADDRESS);
      expect(unknown.statusCode).toBe(404);
      const buyer = await h.call('buyer', {
        method: 'PUT',
        url: `${P}/${a}/addresses/${address.id}`,
        company: a,
        payload: ADDRESS,
      });
      expect(buyer.statusCode).toBe(403);
      expect(buyer.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    });
  });
});
