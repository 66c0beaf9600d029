// The report templates per module (settings-messaging-shared §2 "Printable documents and report
// export", §7 template generate): the report-export dropdown lists them (id and file name) and
// `POST /template-api/v7/{module}/{module_id}/{template_id}/generate` names one. Shared by the app
// and the server. The ids are ours (the spec shows none); they must never be reused. The box label
// (105, 箱标) is printed from the logistics panel, not listed in the dropdown (`listed: false`),
// and the generate route serves it like any other. A sheet has the quotation (201) and the
// supplier inquiry mail (202, 询价函). Each template names the permission code that
// shows it in the dropdown and lets the generate route make it (null: no code, the box label).
import { PERMISSION_CODES, type PermissionCode } from '../domain/account/permissionCodes';

export const TEMPLATE_MODULES = ['ORDER', 'INQUERY_QUOTATION_SHEET'] as const;
export type TemplateModule = (typeof TEMPLATE_MODULES)[number];

export type DocumentKind =
  | 'contract'
  | 'bigOrderReport'
  | 'stockOutList'
  | 'invoice'
  | 'boxLabels'
  | 'quotation'
  | 'inquiryMail';

export interface ReportTemplate {
  id: number;
  module: TemplateModule;
  kind: DocumentKind;
  /** The name the dropdown shows. */
  name: string;
  /** Download name; `{number}` is the order or sheet number. */
  fileNamePattern: string;
  /** Confirm-order templates warn when the supplier quotation number is missing (§5). */
  confirmOrder: boolean;
  /** In the report-export dropdown; false for a print reached elsewhere (the box label). */
  listed: boolean;
  /** The code the company needs for it, in the app and on the server; null: none. */
  permission: PermissionCode | null;
}

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  {
    id: 101,
    module: 'ORDER',
    kind: 'contract',
    name: '采购合同',
    fileNamePattern: '采购合同-{number}.pdf',
    confirmOrder: false,
    listed: true,
    permission: PERMISSION_CODES.CONTRACT_EXPORT,
  },
  {
    id: 102,
    module: 'ORDER',
    kind: 'bigOrderReport',
    name: '大额订单合同报告',
    fileNamePattern: '大额订单合同报告-{number}.pdf',
    confirmOrder: true,
    listed: true,
    permission: PERMISSION_CODES.REPORT_EXPORT,
  },
  {
    id: 103,
    module: 'ORDER',
    kind: 'stockOutList',
    name: '出库单',
    fileNamePattern: '出库单-{number}.pdf',
    confirmOrder: false,
    listed: true,
    permission: PERMISSION_CODES.REPORT_EXPORT,
  },
  {
    id: 104,
    module: 'ORDER',
    kind: 'invoice',
    name: '发票',
    fileNamePattern: '发票-{number}.pdf',
    confirmOrder: false,
    listed: true,
    permission: PERMISSION_CODES.REPORT_EXPORT,
  },
  {
    id: 105,
    module: 'ORDER',
    kind: 'boxLabels',
    name: '箱标',
    fileNamePattern: '箱标-{number}.pdf',
    confirmOrder: false,
    listed: false,
    permission: null,
  },
  {
    id: 201,
    module: 'INQUERY_QUOTATION_SHEET',
    kind: 'quotation',
    name: '报价单',
    fileNamePattern: '报价单-{number}.pdf',
    confirmOrder: false,
    listed: true,
    permission: PERMISSION_CODES.REPORT_EXPORT,
  },
  {
    id: 202,
    module: 'INQUERY_QUOTATION_SHEET',
    kind: 'inquiryMail',
    name: '询价函',
    fileNamePattern: '询价函-{number}.pdf',
    confirmOrder: false,
    listed: true,
    permission: PERMISSION_CODES.REPORT_EXPORT,
  },
];

export function isTemplateModule(value: unknown): value is TemplateModule {
  return typeof value === 'string' && (TEMPLATE_MODULES as readonly string[]).includes(value);
}

/** The dropdown's entries for a module, in list order (unlisted templates left out). */
export function templatesFor(module: TemplateModule): ReportTemplate[] {
  return REPORT_TEMPLATES.filter((t) => t.module === module && t.listed);
}

/** The codes of a module's listed templates: the dropdown shows when the company holds any. */
export function templateCodes(module: TemplateModule): PermissionCode[] {
  const codes = templatesFor(module).flatMap((t) => (t.permission ? [t.permission] : []));
  return [...new Set(codes)];
}

/** Whether a company holding these codes may have the template made (no code: anyone). */
export function templatePermitted(template: ReportTemplate, codes: readonly string[]): boolean {
  return template.permission === null || codes.includes(template.permission);
}

/** The template with this id in this module, listed or not; null for an id it does not have. */
export function findTemplate(module: string, id: number): ReportTemplate | null {
  return REPORT_TEMPLATES.find((t) => t.module === module && t.id === id) ?? null;
}

export function templateOfKind(kind: DocumentKind): ReportTemplate {
  const template = REPORT_TEMPLATES.find((t) => t.kind === kind);
  if (!template) throw new Error(`no template of kind ${kind}`);
  return template;
}

/** '采购合同-PO2025001.pdf'; characters a file system refuses become '_'. */
export function templateFileName(template: ReportTemplate, number: string): string {
  const safe =
    [...number.trim()].map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('') ||
    template.id.toString();
  return template.fileNamePattern.replace('{number}', safe);
}
