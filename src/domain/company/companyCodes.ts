// Company codes with their labels (settings-messaging-shared §2 "Company settings", §3
// "Company", "Company address", "Enumerations", §9 timezone and language options).

import { labelSet } from '../codeLabels';

/** The company form's language choice. */
export const COMPANY_LANGUAGES = labelSet({ zh: '中文', en: '英文', de: '德文' });
export type CompanyLanguage = (typeof COMPANY_LANGUAGES.codes)[number];

/** The locale codes used elsewhere (contacts, documents). */
export const LOCALES = labelSet({ zh_CN: '中文', de_DE: '德文', en_US: '英文' });
export type Locale = (typeof LOCALES.codes)[number];

export const LOCALE_OF_LANGUAGE: Record<CompanyLanguage, Locale> = {
  zh: 'zh_CN',
  en: 'en_US',
  de: 'de_DE',
};

export const COMPANY_TIMEZONES = labelSet({
  'Asia/Shanghai': '中国标准时间（上海）',
  'Europe/Berlin': '中欧时间（柏林）',
});
export type CompanyTimezone = (typeof COMPANY_TIMEZONES.codes)[number];

export const COMPANY_TYPES = labelSet({
  OUT_OF_SYSTEM: '系统外公司',
  BLUE_DIAMOND: '蓝钻',
  YELLOW_DIAMOND: '黄钻',
  // A company (brand) name: shown as written.
  ZEROSO: 'ZEROSO',
});
export type CompanyType = (typeof COMPANY_TYPES.codes)[number];

export const SUPPLIER_PICKUPS = labelSet({
  UNKNOW: '未知',
  SUPPLIER_DELIVERY: '供应商送货',
  UPS_PICKUP: 'UPS上门取件',
  DHL_PICKUP: 'DHL上门取件',
});
export type SupplierPickup = (typeof SUPPLIER_PICKUPS.codes)[number];

// DEMOSTIC is the server's spelling; keep it.
export const DELIVERY_MODES = labelSet({ DIRECT: '直发', OFFSHORE: '离岸', DEMOSTIC: '国内' });
export type DeliveryMode = (typeof DELIVERY_MODES.codes)[number];

const DELIVERY_MODE_CODES: Partial<Record<DeliveryMode, number>> = { DEMOSTIC: 3, OFFSHORE: 2 };

/** The numeric code the server expects: DEMOSTIC 3, OFFSHORE 2, anything else (DIRECT too) 1. */
export function deliveryModeCode(mode: string | null | undefined): number {
  return DELIVERY_MODES.is(mode) ? (DELIVERY_MODE_CODES[mode] ?? 1) : 1;
}

export const DEFAULT_SHIPPING_ADDRESS_TYPE = 'DEFAULT_SHIPPING_GOODS_ADDRESS';

export interface Company {
  id: number;
  name: string;
  short_name?: string | null;
  type?: string | null;
  level?: string | null;
  logo?: { url: string } | null;
  website?: string | null;
  email?: string | null;
  currency?: string | null;
  language?: string | null;
  country?: string | null;
  province?: string | null;
  city?: string | null;
  timezone?: string | null;
  tax_code?: string | null;
  vip?: boolean | null;
  start_date?: string | null;
  end_date?: string | null;
}

export interface CompanyAddress {
  id?: number | null;
  address_type: string;
  country: string;
  province: string;
  city: string;
  district: string;
  street: string;
  address?: string | null;
  zip: string;
  name?: string | null;
  phone?: string | null;
  contacts_name: string;
  contacts_phone: string;
}
