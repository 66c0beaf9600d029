// The supplier's demo catalogue: well-known industrial brands with their own drawn logos
// (server/demo/seed/logos, served at /brand-logos/) and public-site paths, the customs data (trade
// names, HS codes, tariffs) of each product kind, and the bank list. The products are in
// products.ts.

export type ProductKind = keyof typeof PRODUCT_KINDS;

/** Customs trade name (Chinese and English), CN HS code and import tariff of each kind. */
export const PRODUCT_KINDS = {
  plc: {
    chinese: '可编程控制器',
    english: 'Programmable logic controller',
    hs: '8537101190',
    tariff: '0.0500',
  },
  ioModule: {
    chinese: '可编程控制器模块',
    english: 'PLC I/O module',
    hs: '8538901000',
    tariff: '0.0500',
  },
  hmi: { chinese: '触摸屏', english: 'HMI touch panel', hs: '8537101990', tariff: '0.0500' },
  inverter: {
    chinese: '变频器',
    english: 'Frequency inverter',
    hs: '8504409999',
    tariff: '0.0800',
  },
  servoMotor: { chinese: '伺服电机', english: 'Servo motor', hs: '8501520000', tariff: '0.1000' },
  servoDrive: { chinese: '伺服驱动器', english: 'Servo drive', hs: '8504409999', tariff: '0.0800' },
  contactor: { chinese: '接触器', english: 'Contactor', hs: '8536490000', tariff: '0.0800' },
  breaker: { chinese: '断路器', english: 'Circuit breaker', hs: '8536200000', tariff: '0.0800' },
  relay: { chinese: '继电器', english: 'Relay', hs: '8536419000', tariff: '0.0800' },
  safetyRelay: {
    chinese: '安全继电器',
    english: 'Safety relay',
    hs: '8536419000',
    tariff: '0.0800',
  },
  timer: { chinese: '时间继电器', english: 'Timer relay', hs: '9107000000', tariff: '0.1000' },
  button: { chinese: '按钮开关', english: 'Push button', hs: '8536509000', tariff: '0.0800' },
  powerSupply: {
    chinese: '开关电源',
    english: 'Switching power supply',
    hs: '8504405000',
    tariff: '0.0800',
  },
  terminal: { chinese: '接线端子', english: 'Terminal block', hs: '8536909000', tariff: '0.0800' },
  cylinder: { chinese: '气缸', english: 'Pneumatic cylinder', hs: '8412310090', tariff: '0.0500' },
  valve: { chinese: '电磁阀', english: 'Solenoid valve', hs: '8481202000', tariff: '0.0500' },
  hydraulicValve: {
    chinese: '液压阀',
    english: 'Hydraulic valve',
    hs: '8481201000',
    tariff: '0.0500',
  },
  regulator: {
    chinese: '调压阀',
    english: 'Pressure regulator',
    hs: '8481100090',
    tariff: '0.0500',
  },
  fitting: {
    chinese: '塑料快插接头',
    english: 'Push-in fitting',
    hs: '3917400000',
    tariff: '0.0650',
  },
  proximity: {
    chinese: '接近开关',
    english: 'Proximity switch',
    hs: '8536509000',
    tariff: '0.0800',
  },
  photoelectric: {
    chinese: '光电开关',
    english: 'Photoelectric sensor',
    hs: '8536509000',
    tariff: '0.0800',
  },
  sensor: { chinese: '传感器', english: 'Sensor', hs: '9031809090', tariff: '0.0500' },
  barcode: { chinese: '条码阅读器', english: 'Barcode reader', hs: '8471900090', tariff: '0.0000' },
  cable: { chinese: '拖链电缆', english: 'Chainflex cable', hs: '8544492100', tariff: '0.1000' },
  chain: { chinese: '塑料拖链', english: 'Energy chain', hs: '3926909090', tariff: '0.0650' },
  bearing: { chinese: '塑料轴承', english: 'Polymer bearing', hs: '8483300090', tariff: '0.0800' },
} as const;

export type BrandState = 'EXIST' | 'NONEXISTENT' | 'UNSPECIFIED';

export type BrandSeed = {
  slug: string;
  name: string;
  country: string;
  grade: string;
  agencyType: string | null;
  state: BrandState;
  /** The logo file in server/demo/seed/logos; null: no logo (never listed by the brand search). */
  logo: string | null;
  /** Slug of the brand that replaces this one (EXIST with a correct brand). */
  correct?: string;
  comment?: string;
  published?: boolean;
};

export const BRANDS: readonly BrandSeed[] = [
  {
    slug: 'siemens',
    name: 'Siemens 西门子',
    country: 'DE',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'siemens.svg',
  },
  {
    slug: 'schneider',
    name: 'Schneider Electric 施耐德',
    country: 'FR',
    grade: 'DOMINANT',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'schneider.svg',
  },
  {
    slug: 'festo',
    name: 'Festo 费斯托',
    country: 'DE',
    grade: 'AGENCY',
    agencyType: 'EXCLUSIVE',
    state: 'EXIST',
    logo: 'festo.svg',
  },
  {
    slug: 'smc',
    name: 'SMC',
    country: 'JP',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'smc.svg',
  },
  {
    slug: 'omron',
    name: 'Omron 欧姆龙',
    country: 'JP',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'omron.svg',
  },
  {
    slug: 'pilz',
    name: 'Pilz 皮尔磁',
    country: 'DE',
    grade: 'EXCLUSIVE',
    agencyType: 'EXCLUSIVE',
    state: 'EXIST',
    logo: 'pilz.svg',
  },
  {
    slug: 'phoenix-contact',
    name: 'Phoenix Contact 菲尼克斯',
    country: 'DE',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'phoenix-contact.svg',
  },
  {
    slug: 'bosch-rexroth',
    name: 'Bosch Rexroth 博世力士乐',
    country: 'DE',
    grade: 'ORDER',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'bosch-rexroth.svg',
  },
  {
    slug: 'abb',
    name: 'ABB',
    country: 'CH',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'abb.svg',
  },
  {
    slug: 'sick',
    name: 'Sick 西克',
    country: 'DE',
    grade: 'AGENCY',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'sick.svg',
  },
  {
    slug: 'balluff',
    name: 'Balluff 巴鲁夫',
    country: 'DE',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'balluff.svg',
  },
  {
    slug: 'igus',
    name: 'igus 易格斯',
    country: 'DE',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'igus.svg',
  },
  {
    slug: 'mitsubishi-electric',
    name: 'Mitsubishi Electric 三菱电机',
    country: 'JP',
    grade: 'DOMINANT',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'mitsubishi-electric.svg',
  },
  {
    slug: 'keyence',
    name: 'Keyence 基恩士',
    country: 'JP',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'keyence.svg',
  },
  {
    slug: 'rexroth',
    name: 'Rexroth 力士乐',
    country: 'DE',
    grade: 'OFFICIAL',
    agencyType: 'NORMAL',
    state: 'EXIST',
    logo: 'rexroth.svg',
    correct: 'bosch-rexroth',
    comment: '已并入博世力士乐，请改用 Bosch Rexroth 博世力士乐',
  },
  {
    slug: 'siemems',
    name: 'Siemems',
    country: 'DE',
    grade: 'UNSPECIFIED',
    agencyType: null,
    state: 'NONEXISTENT',
    logo: 'siemems.svg',
    comment: '品牌名称拼写错误，不存在该品牌',
    published: false,
  },
  {
    slug: 'weidmuller',
    name: 'Weidmüller 魏德米勒',
    country: 'DE',
    grade: 'UNSPECIFIED',
    agencyType: 'UNSPECIFIED',
    state: 'UNSPECIFIED',
    logo: null,
    comment: '新品牌，待确认',
    published: false,
  },
];

/** Path of a brand on the public website. */
export const brandUrlPath = (slug: string): string => `/brands/${slug}`;

/** Path of a product on the public website: ASCII only, one segment per brand and product. */
export function productUrlPath(brandSlug: string, articleNo: string): string {
  const segment = articleNo
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/brands/${brandSlug}/products/${segment}`;
}

/** Where the server serves a logo file (server/demo/seed/logos.ts). */
export const brandLogoUrl = (file: string): string => `/brand-logos/${file}`;

/** The bank list; the domain's bank-name rule needs 中国工商银行 to be bank id 4. */
export const BANKS: readonly string[] = [
  '中国银行',
  '中国建设银行',
  '中国农业银行',
  '中国工商银行',
  '交通银行',
  '招商银行',
  '上海浦东发展银行',
  '中信银行',
  '兴业银行',
  '中国民生银行',
  '宁波银行',
  '江苏银行',
  'Deutsche Bank 德意志银行',
];
