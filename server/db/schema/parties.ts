// Companies, sign-in accounts and the staff (partner contacts) that bind them: a user works for a
// company through an IN_SERVICE contact of that company, with or without the admin flag.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref } from './columns';
import { syncVersion } from './sync';

/** Who the company is to this system. */
export type CompanyRole = 'BUYER' | 'SUPPLIER' | 'SERVICE';

export const companies = pgTable('companies', {
  id: id(),
  role: text('role').$type<CompanyRole>().notNull().default('BUYER'),
  name: text('name').notNull(),
  shortName: text('short_name'),
  type: text('type'),
  level: text('level'),
  logoUrl: text('logo_url'),
  website: text('website'),
  email: text('email'),
  currency: text('currency').notNull().default('CNY'),
  language: text('language').notNull().default('zh'),
  country: text('country'),
  province: text('province'),
  city: text('city'),
  timezone: text('timezone').notNull().default('Asia/Shanghai'),
  taxCode: text('tax_code'),
  vip: boolean('vip').notNull().default(false),
  vipStartDate: date('vip_start_date'),
  vipEndDate: date('vip_end_date'),
  rebateAmount: numeric('rebate_amount', { precision: 18, scale: 2 }),
  rebateBalance: numeric('rebate_balance', { precision: 18, scale: 2 }),
  /** The supplier's sales manager who follows this buyer (a contact of the supplier company). */
  followerContactId: ref('follower_contact_id'),
  /** Permission codes every member of this company holds (the spec's permissions map). */
  permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: syncVersion(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    /** The sign-in name (`buyer`, `admin` ... in the demo); unique, case-insensitive. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    avatarUrl: text('avatar_url'),
    timezone: text('timezone').notNull().default('Asia/Shanghai'),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Tokens issued before this instant are refused (a password change or reset ends every
     * other session at once, access tokens included); null: none refused.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** External SSO: the issuer and `sub` this account is bound to after its first match. */
    externalIssuer: text('external_issuer'),
    externalSubject: text('external_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: syncVersion(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_external_subject_key').on(t.externalIssuer, t.externalSubject),
  ],
);

/** The spec's two statuses, and DELETED: a deleted employee kept for the records that name it. */
export type StaffStatus = 'IN_SERVICE' | 'DEPART' | 'DELETED';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    /** The sign-in account of this employee, when they may log in. */
    accountId: ref('account_id').references(() => accounts.id),
    name: text('name').notNull(),
    gender: text('gender').notNull().default('MALE'),
    mobile: text('mobile'),
    phone: text('phone'),
    email: text('email'),
    position: text('position'),
    status: text('status').$type<StaffStatus>().notNull().default('IN_SERVICE'),
    isAdmin: boolean('is_admin').notNull().default(false),
    visibility: text('visibility').notNull().default('INTERNAL'),
    birthday: date('birthday'),
    comment: text('comment'),
    language: text('language'),
    qq: text('qq'),
    /** partner_bank_account (§3): kept off the synced row, like birthday and comment. */
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: syncVersion(),
  },
  (t) => [
    index('contacts_company_idx').on(t.companyId, t.status),
    index('contacts_account_idx').on(t.accountId),
  ],
);

/**
 * Registration requests (/register) waiting for an administrator: the mobile was proven by an SMS
 * code; approval binds the person to a company (docs/decisions.md "Registration").
 */
export const registrationRequests = pgTable('registration_requests', {
  id: id(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull(),
  /** PENDING, APPROVED or REJECTED. */
  state: text('state').notNull().default('PENDING'),
  /** The company the request was approved into, and the account made for it. */
  companyId: ref('company_id').references(() => companies.id),
  accountId: ref('account_id').references(() => accounts.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a verification code proves: a password reset, or a registration's mobile. */
export type CodePurpose = 'PASSWORD' | 'REGISTER';

/**
 * SMS verification codes (the embedded setup writes them to the server log instead of sending
 * them). Only a hash is kept; a code is used once, expires, and allows a few wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt)],
);

/** Image codes (captcha) of the registration page: the answer's hash, used once, expiring. */
export const imageCodes = pgTable('image_codes', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A company's invoice info (settings-messaging-shared §3 "Invoice info"): the tax code, the
 * partner_tax bank and address, and the partner_address the invoices are mailed to (CN only).
 * One row per company; writes bump the company's version so the company row syncs again.
 */
export const companyInvoices = pgTable(
  'company_invoices',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    taxCode: text('tax_code'),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    invoiceAddress: text('invoice_address'),
    invoicePhone: text('invoice_phone'),
    mailContactsName: text('mail_contacts_name'),
    mailContactsPhone: text('mail_contacts_phone'),
    mailCountry: text('mail_country'),
    mailProvince: text('mail_province'),
    mailCity: text('mail_city'),
    mailDistrict: text('mail_district'),
    mailStreet: text('mail_street'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_invoices_company_key').on(t.companyId)],
);

/**
 * Company addresses (§3 "Company address"); `DEFAULT_SHIPPING_GOODS_ADDRESS` is the default
 * delivery address, at most one per company. Writes bump the company's version.
 */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    addressType: text('address_type').notNull().default('DEFAULT_SHIPPING_GOODS_ADDRESS'),
    country: text('country').notNull(),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    street: text('street').notNull(),
    zip: text('zip'),
    contactsName: text('contacts_name').notNull(),
    contactsPhone: text('contacts_phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_addresses_default_key')
      .on(t.companyId)
      .where(sql`${t.addressType} = 'DEFAULT_SHIPPING_GOODS_ADDRESS'`),
  ],
);

/** News items of the header ticker, newest first. */
export const news = pgTable('news', {
  id: id(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  sortOrder: integer('sort_order').notNull().default(0),
});
