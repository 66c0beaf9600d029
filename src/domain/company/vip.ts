// The VIP box of company settings and the personal centre: validity period and rebates, always
// in CNY (settings-messaging-shared §2 "Company settings", "Personal centre", §3 "Company").

import { BASE_CURRENCY } from '../format/currency';

export interface VipBox {
  amount: number | null;
  balance: number | null;
  start_date: string | null;
  end_date: string | null;
}

export const VIP_BOX_CURRENCY = BASE_CURRENCY;

/** The box's rows in display order. */
export const VIP_BOX_FIELDS = [
  { key: 'validity', label: '有效期' },
  { key: 'amount', label: '返利总金额' },
  { key: 'balance', label: '返利余额' },
] as const;

/** Rebates come from GET /companies/{id}/rebates, the dates from the company record. */
export function vipBoxOf(
  company: { start_date?: string | null; end_date?: string | null },
  rebates: { amount?: number | null; balance?: number | null } | null | undefined,
): VipBox {
  return {
    amount: rebates?.amount ?? null,
    balance: rebates?.balance ?? null,
    start_date: company.start_date ?? null,
    end_date: company.end_date ?? null,
  };
}
