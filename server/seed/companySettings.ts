// Company settings of the demo (settings-messaging-shared §2 "Company settings"): 苏州恒远 (its
// administrator is zhoumin) has invoice info and a default delivery address, so the screen and
// the contract export have something to show; 上海精工 (admin's) has neither, and its city is still
// open, so an administrator sets them in the app (the first location save asks for confirmation).
import { eq } from 'drizzle-orm';
import { companies, companyAddresses, companyInvoices, contacts } from '../db/schema/index';
import type { Tx } from '../db/write';
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
}
