// The demo's company settings (server/demo/seed/companySettings.ts): 苏州恒远 has invoice info and a
// default delivery address that pass the same rules as the screen's, 上海精工 has neither and its
// city is still open; the synced company rows carry them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { validateDeliveryAddress } from '../../../src/domain/company/deliveryAddress';
import { loadRegions, misplacedLevel } from '../../../src/domain/company/regions/index';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { rows } from './seedHarness';

describe.each(drivers)('demo company settings on %s', (driver) => {
  let db: TestDatabase;
  const feedRow = async (name: string) => {
    const [row] = await rows(
      db.database.db,
      `select s.row from sync_changes s join companies c on c.id = s.company_id
       where s.table_name = 'companies' and s.row_id = c.id::text and c.name = '${name}'`,
    );
    return row?.row as Record<string, unknown> & {
      invoice: { partner_address: Record<string, string> } | null;
      default_address: Record<string, string> | null;
    };
  };

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    await seedDemoData(db.database, { seed: 2026, now: new Date('2026-11-20T09:30:00+08:00') });
  });
  afterAll(async () => db?.drop());

  it('gives 苏州恒远 invoice info and a default address that pass the rules', async () => {
    const row = await feedRow('苏州恒远自动化设备有限公司');
    const cn = await loadRegions('CN');
    const address = row.default_address;
    expect(address).toMatchObject({ country: 'CN', province: '江苏省', city: '苏州市' });
    if (!address) return;
    expect(
      validateDeliveryAddress({
        country: address.country ?? '',
        province: address.province ?? '',
        city: address.city ?? '',
        district: address.district ?? '',
        street: address.street ?? '',
        zip: address.zip ?? '',
        contacts_name: address.contacts_name ?? '',
        contacts_phone: address.contacts_phone ?? '',
      }),
    ).toEqual({});
    expect(misplacedLevel(cn, address)).toBeNull();
    expect(row.invoice).toMatchObject({ partner_tax: { invoice_bank_name: '中国工商银行' } });
    expect(misplacedLevel(cn, row.invoice?.partner_address ?? {})).toBeNull();
  });

  it('leaves 上海精工 without invoice info and address, its city open', async () => {
    const row = await feedRow('上海精工机械有限公司');
    expect(row).toMatchObject({
      country: 'CN',
      province: '上海市',
      city: null,
      invoice: null,
      default_address: null,
      vip: true,
    });
  });
});
