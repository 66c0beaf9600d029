// The permission codes the product gates by, in one place: the app's gates (the menu, the report
// export), the server's 403 and the demo companies' maps all name these. The spec names no codes
// (purchasing-core §6, settings-messaging-shared §6); these are ours (docs/decisions.md).

export const PERMISSION_CODES = {
  /** The purchase lists (询价采购). */
  INQUIRY_QUOTATION: 'INQUIRY_QUOTATION',
  /** The order list (订单). */
  ORDER: 'ORDER',
  /** The to-do page (待办). */
  TODO: 'TODO',
  /** The report export (报表导出) and its templates other than the contract. */
  REPORT_EXPORT: 'REPORT_EXPORT',
  /** The purchase contract (采购合同) and its export dialog. */
  CONTRACT_EXPORT: 'CONTRACT_EXPORT',
} as const;

export type PermissionCode = (typeof PERMISSION_CODES)[keyof typeof PERMISSION_CODES];

/** Every code: what a company with the full map holds. */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.values(PERMISSION_CODES);
