// VIP rebate use when ordering (purchasing-core §4.2 "The call returns VIP use information", §3
// supplier_node.vip_*). The spec does not give the rule; ours (docs/decisions.md): a company whose
// VIP period covers today may use its rebate balance for up to 5% of the order's taxed total;
// the rest is paid. Amounts are worked in whole cents so no float drift reaches the sheet.
import { formatDate } from '../../src/domain/format/date';
import { parseDecimal } from '../../src/domain/format/decimal';
import { roundMoney } from '../../src/domain/format/money';

/** Share of an order's taxed total a VIP rebate may pay (ours). */
export const VIP_REBATE_RATE_PERCENT = 5;

export type VipUse = {
  /** The company's rebate balance when the order was placed. */
  vip_balance: number;
  /** Rebate used on this order. */
  vip_rebate: number;
  /** What is left to pay: taxed total − rebate. */
  vip_taxed_amount: number;
};

export type VipCompany = {
  vip: boolean;
  vipStartDate: string | null;
  vipEndDate: string | null;
  rebateBalance: string | null;
};

const cents = (value: string | number | null): number => {
  if (parseDecimal(value) === null || value === null) return 0;
  return Math.round(roundMoney(value) * 100);
};

/** Whether the company is a VIP today (Shanghai calendar day; dates are inclusive). */
export function vipActive(company: VipCompany, now = Date.now()): boolean {
  if (!company.vip) return false;
  const today = formatDate(now);
  if (company.vipStartDate && company.vipStartDate > today) return false;
  if (company.vipEndDate && company.vipEndDate < today) return false;
  return true;
}

/** The rebate use for an order of `total`; null for a company that is not a VIP today. */
export function vipUse(company: VipCompany, total: number, now = Date.now()): VipUse | null {
  if (!vipActive(company, now)) return null;
  const balance = Math.max(0, cents(company.rebateBalance));
  const totalCents = Math.max(0, cents(total));
  const rebate = Math.min(balance, Math.round((totalCents * VIP_REBATE_RATE_PERCENT) / 100));
  return {
    vip_balance: balance / 100,
    vip_rebate: rebate / 100,
    vip_taxed_amount: (totalCents - rebate) / 100,
  };
}

/** Money column text for a number of yuan. */
export const moneyText = (value: number): string => roundMoney(value).toFixed(2);
