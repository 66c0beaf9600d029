// Who is in the demo: the supplier, two customer-service companies with the ids the app labels
// 客服 (9428, 39567), three buyer companies (a VIP with rebates, an ordinary one, a one-person
// shop), their staff in and out of service, and the sign-in accounts. Mobiles come from the seed.

import {
  ALL_PERMISSION_CODES,
  PERMISSION_CODES,
  type PermissionCode,
} from '../../../src/domain/account/permissionCodes';
import type { CompanyRole, StaffStatus } from '../../db/schema/index';

/** Permission codes a company grants its members (the spec names no keys; the domain's). */
export const DEMO_PERMISSIONS = {
  INQUIRY: PERMISSION_CODES.INQUIRY_QUOTATION,
  ORDER: PERMISSION_CODES.ORDER,
  TODO: PERMISSION_CODES.TODO,
  REPORT_EXPORT: PERMISSION_CODES.REPORT_EXPORT,
  CONTRACT_EXPORT: PERMISSION_CODES.CONTRACT_EXPORT,
} as const;

const ALL_PERMISSIONS: PermissionCode[] = [...ALL_PERMISSION_CODES];

export type CompanySeed = {
  key: string;
  /** Fixed ids only where the app depends on them (customer service); others are allocated. */
  id?: number;
  role: CompanyRole;
  name: string;
  shortName: string;
  type: string | null;
  level: string | null;
  province: string;
  city: string;
  taxCode: string | null;
  website: string | null;
  email: string | null;
  permissions: string[];
  vip?: { rebateAmount: string; rebateBalance: string; startDaysAgo: number; endDaysAhead: number };
  /** Staff key of the supplier's sales manager who follows this buyer. */
  follower?: string;
};

export const DEMO_COMPANIES: readonly CompanySeed[] = [
  {
    key: 'jinggong',
    role: 'BUYER',
    name: '上海精工机械有限公司',
    shortName: '上海精工',
    type: 'BLUE_DIAMOND',
    level: 'A',
    province: '上海市',
    city: '上海市',
    taxCode: '91310115MA1H8XK27C',
    website: 'www.sh-jinggong.example',
    email: 'purchase@sh-jinggong.example',
    permissions: ALL_PERMISSIONS,
    vip: {
      rebateAmount: '50000.00',
      rebateBalance: '12860.50',
      startDaysAgo: 200,
      endDaysAhead: 165,
    },
    follower: 'chenzm',
  },
  {
    key: 'hengyuan',
    role: 'BUYER',
    name: '苏州恒远自动化设备有限公司',
    shortName: '苏州恒远',
    type: 'YELLOW_DIAMOND',
    level: 'B',
    province: '江苏省',
    city: '苏州市',
    taxCode: '91320594MA1MXY3K8B',
    website: 'www.hengyuan-auto.example',
    email: 'caigou@hengyuan-auto.example',
    permissions: ALL_PERMISSIONS,
    follower: 'huangxy',
  },
  {
    key: 'xiaolin',
    role: 'BUYER',
    name: '宁波小林五金商行',
    shortName: '小林五金',
    type: 'OUT_OF_SYSTEM',
    level: 'C',
    province: '浙江省',
    city: '宁波市',
    taxCode: '92330203MA2H1L5Q6X',
    website: null,
    email: 'xiaolin.wujin@example.com',
    // The reduced map: no report or contract export, so 报表导出 is absent and the generate
    // route answers 403 (e2e/permissions.spec.ts).
    permissions: [DEMO_PERMISSIONS.INQUIRY, DEMO_PERMISSIONS.ORDER, DEMO_PERMISSIONS.TODO],
    follower: 'chenzm',
  },
  {
    key: 'supplier',
    role: 'SUPPLIER',
    name: '德采工业品（上海）有限公司',
    shortName: '德采工业品',
    type: 'ZEROSO',
    level: null,
    province: '上海市',
    city: '上海市',
    taxCode: '91310000MA1FL2DC9N',
    website: 'www.decai-industrial.example',
    email: 'sales@decai-industrial.example',
    permissions: ALL_PERMISSIONS,
  },
  {
    key: 'service',
    id: 9428,
    role: 'SERVICE',
    name: '德采客服中心',
    shortName: '客服中心',
    type: null,
    level: null,
    province: '上海市',
    city: '上海市',
    taxCode: null,
    website: null,
    email: 'service@decai-industrial.example',
    permissions: [DEMO_PERMISSIONS.TODO],
  },
  {
    key: 'serviceSouth',
    id: 39567,
    role: 'SERVICE',
    name: '德采客服中心（华南）',
    shortName: '华南客服',
    type: null,
    level: null,
    province: '广东省',
    city: '深圳市',
    taxCode: null,
    website: null,
    email: 'service-south@decai-industrial.example',
    permissions: [DEMO_PERMISSIONS.TODO],
  },
];

export type StaffSeed = {
  key: string;
  company: string;
  name: string;
  gender: 'MALE' | 'FEMALE';
  position: string;
  status?: StaffStatus;
  isAdmin?: boolean;
  /** The sign-in account; several staff entries may share one (a user of several companies). */
  username?: string;
  phone?: string;
};

const staff = (
  key: string,
  company: string,
  name: string,
  gender: StaffSeed['gender'],
  position: string,
  extra: Partial<StaffSeed> = {},
): StaffSeed => ({ key, company, name, gender, position, ...extra });

const DEPART = { status: 'DEPART' } as const;

export const DEMO_STAFF: readonly StaffSeed[] = [
  staff('wangjg', 'jinggong', '王建国', 'MALE', '采购总监', { isAdmin: true, username: 'admin' }),
  staff('lina1', 'jinggong', '李娜', 'FEMALE', '采购专员', { username: 'buyer' }),
  staff('zhangwei', 'jinggong', '张伟', 'MALE', '采购工程师', { username: 'zhangwei' }),
  staff('zhaolei', 'jinggong', '赵磊', 'MALE', '设备工程师'),
  staff('liuyang', 'jinggong', '刘洋', 'MALE', '采购助理', DEPART),
  staff('chenjing', 'jinggong', '陈静', 'FEMALE', '仓库管理员', DEPART),
  staff('zhoumin', 'hengyuan', '周敏', 'FEMALE', '采购经理', {
    isAdmin: true,
    username: 'zhoumin',
  }),
  staff('lina2', 'hengyuan', '李娜', 'FEMALE', '采购专员', { username: 'buyer' }),
  staff('wuqiang', 'hengyuan', '吴强', 'MALE', '电气工程师', { username: 'wuqiang' }),
  staff('sunli', 'hengyuan', '孙丽', 'FEMALE', '采购助理', DEPART),
  staff('linxf', 'xiaolin', '林小峰', 'MALE', '店主', { isAdmin: true, username: 'xiaolin' }),
  staff('chenzm', 'supplier', '陈志明', 'MALE', '销售经理', { phone: '021-68881201' }),
  staff('huangxy', 'supplier', '黄晓燕', 'FEMALE', '销售经理', { phone: '021-68881202' }),
  staff('majun', 'supplier', '马俊', 'MALE', '销售助理', { phone: '021-68881203' }),
  staff('xulu', 'supplier', '徐璐', 'FEMALE', '销售助理', DEPART),
  staff('kefu', 'service', '客服小德', 'FEMALE', '客服专员', { phone: '400-820-1188' }),
  staff('kefuSouth', 'serviceSouth', '客服小采', 'FEMALE', '客服专员', { phone: '400-820-1199' }),
  // Last, so everyone above keeps their id and mobile. The staff e2e hands this clerk over.
  staff('leaver', 'jinggong', '赵立', 'MALE', '采购助理', { username: 'leaver' }),
  // The personal centre's e2e resets this clerk's password (buyer's and admin's stay Demo@2026).
  staff('qianxw', 'hengyuan', '钱晓雯', 'FEMALE', '采购专员', { username: 'resetpw' }),
];

export type DemoAccount = {
  username: string;
  /** The name the app shows for the user. */
  name: string;
  /** What signing in with it demonstrates (README, start-up banner). */
  shows: string;
};

export const DEMO_PASSWORD = 'Demo@2026';

/** The demo's sign-in accounts, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'buyer',
    name: '李娜',
    shows:
      'purchasing clerk of 上海精工机械有限公司 and 苏州恒远自动化设备有限公司 (switch company), not an administrator',
  },
  {
    username: 'admin',
    name: '王建国',
    shows:
      'administrator of 上海精工机械有限公司 (VIP with rebates): company settings and staff management',
  },
  {
    username: 'nocompany',
    name: '何静',
    shows: 'an account bound to no company: the app shows the no-company message and signs out',
  },
  {
    username: 'zhangwei',
    name: '张伟',
    shows: 'another clerk of 上海精工机械有限公司 (owner changes, messages)',
  },
  {
    username: 'zhoumin',
    name: '周敏',
    shows: 'administrator of 苏州恒远自动化设备有限公司 (not VIP)',
  },
  { username: 'wuqiang', name: '吴强', shows: 'staff of 苏州恒远自动化设备有限公司' },
  {
    username: 'xiaolin',
    name: '林小峰',
    shows:
      'the only staff member (and administrator) of 宁波小林五金商行, whose permission map has no report or contract export (no 报表导出)',
  },
  {
    username: 'leaver',
    name: '赵立',
    shows:
      'a clerk of 上海精工机械有限公司 for trying the handover: once departed he can no longer sign in',
  },
  {
    username: 'resetpw',
    name: '钱晓雯',
    shows:
      'a clerk of 苏州恒远自动化设备有限公司 for trying the password reset (code in the server log)',
  },
];

/** The accounts as README/console lines: `username / Demo@2026  name: what it shows`. */
export function demoAccountLines(): string[] {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.username.length));
  return DEMO_ACCOUNTS.map(
    (account) =>
      `${account.username.padEnd(width)}  / ${DEMO_PASSWORD}  ${account.name}: ${account.shows}`,
  );
}

const MOBILE_PREFIXES = [
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '158',
  '159',
  '186',
  '187',
  '188',
];

/** A mainland mobile (1, then 3–9, then 9 digits) that no other demo person has. */
export function uniqueMobile(next: () => number, taken: Set<string>): string {
  for (;;) {
    const prefix = MOBILE_PREFIXES[Math.floor(next() * MOBILE_PREFIXES.length)] ?? '138';
    const rest = String(Math.floor(next() * 100_000_000)).padStart(8, '0');
    const mobile = `${prefix}${rest}`;
    if (!taken.has(mobile)) {
      taken.add(mobile);
      return mobile;
    }
  }
}
