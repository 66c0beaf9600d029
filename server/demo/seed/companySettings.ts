// Company settings of the demo (settings-messaging-shared §2 "Company settings"): 苏州恒远 (its
// administrator is zhoumin) has invoice info and a default delivery address, so the screen and
// the contract export have something to show; 上海精工 (admin's) has neither, and its city is still
// open, so an administrator sets them in the app (the first location save asks for confirmation).
// The supplier (德采) has both too: it is party B on the buyers' documents.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { companies, companyAddresses, companyInvoices, contacts } from '../../db/schema/index';
import type { SeededParties } from './demoSetup';

export async function insertCompanySettings(tx: Tx, parties: SeededParties): Promise<void> {
  const hengyuan = parties.companyIds.get('hengyuan');
  const jinggong = parties.companyIds.get('jinggong');
  const zhoumin = parties.staff.get('zhoumin');
  if (hengyuan === undefined || jinggong === undefined || !zhoumin) return;
  const [contact] = await tx
    .select({ mobile: contacts.mobile })
    .from(contacts)
    .where(eq(contacts.id, zhoumin.id));
  const mobile = contact?.mobile ?? '13912345678';
  const [company] = await tx
    .select({ taxCode: companies.taxCode })
    .from(companies)
    .where(eq(companies.id, hengyuan));
  await tx.insert(companyInvoices).values({
    companyId: hengyuan,
    taxCode: company?.taxCode ?? '91320594MA1MXY3K8B',
    bankCode: '4',
    bankName: '中国工商银行',
    bankAccount: '1102 0203 0920 0123 456',
    invoiceAddress: '江苏省苏州市吴中区旺山工业园88号',
    invoicePhone: '0512-66881234',
    mailContactsName: zhoumin.name,
    mailContactsPhone: mobile,
    mailCountry: 'CN',
    mailProvince: '江苏省',
    mailCity: '苏州市',
    mailDistrict: '吴中区',
    mailStreet: '旺山工业园88号 财务部',
  });
  await tx.insert(companyAddresses).values({
    companyId: hengyuan,
    addressType: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
    country: 'CN',
    province: '江苏省',
    city: '苏州市',
    district: '吴中区',
    street: '旺山工业园88号 2号仓库',
    zip: '215104',
    contactsName: zhoumin.name,
    contactsPhone: mobile,
  });
  await tx.update(companies).set({ city: null }).where(eq(companies.id, jinggong));
  await insertSupplierSettings(tx, parties);
}

/**
 * The supplier's invoice info and address: party B of every buyer's contract and reports (its
 * company row reaches each buyer with an order from it, server/sync/projections/companies.ts).
 */
async function insertSupplierSettings(tx: Tx, parties: SeededParties): Promise<void> {
  const supplier = parties.companyIds.get('supplier');
  const finance = parties.staff.get('majun') ?? parties.staff.get('chenzm');
  if (supplier === undefined || !finance) return;
  const [company] = await tx
    .select({ taxCode: companies.taxCode })
    .from(companies)
    .where(eq(companies.id, supplier));
  await tx.insert(companyInvoices).values({
    companyId: supplier,
    taxCode: company?.taxCode ?? '91310000MA1FL2DC9N',
    bankCode: '5',
    bankName: '招商银行上海分行浦东支行',
    bankAccount: '1219 0788 6610 901',
    invoiceAddress: '上海市浦东新区张江路1238号 德采大厦5楼',
    invoicePhone: '021-68881200',
    mailContactsName: finance.name,
    mailContactsPhone: '021-68881203',
    mailCountry: 'CN',
    mailProvince: '上海市',
    mailCity: '上海市',
    mailDistrict: '浦东新区',
    mailStreet: '张江路1238号 德采大厦5楼 财务部',
  });
  await tx.insert(companyAddresses).values({
    companyId: supplier,
    addressType: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
    country: 'CN',
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    street: '张江路1238号 德采大厦1号仓库',
    zip: '201203',
    contactsName: finance.name,
    contactsPhone: '021-68881203',
  });
}
