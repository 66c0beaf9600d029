// The report templates per module (settings-messaging-shared §2 "Printable documents and report
// export", §7 template generate): the report-export dropdown lists them (id and file name) and
// `POST /template-api/v7/{module}/{module_id}/{template_id}/generate` names one. Shared by the app
// and the server. The ids are ours (the spec shows none); they must never be reused. The box label
// (105, 箱标) is printed from the logistics panel, not listed in the dropdown (`listed: false`),
// and the generate route serves it like any other.

export const TEMPLATE_MODULES = ['ORDER', 'INQUERY_QUOTATION_SHEET'] as const;
export type TemplateModule = (typeof TEMPLATE_MODULES)[number];

export type DocumentKind =
  | 'contract'
  | 'bigOrderReport'
  | 'stockOutList'
  | 'invoice'
  | 'boxLabels'
  | 'quotation';

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
  },
  {
    id: 102,
    module: 'ORDER',
    kind: 'bigOrderReport',
    name: '大额订单合同报告',
    fileNamePattern: '大额订单合同报告-{number}.pdf',
    confirmOrder: true,
    listed: true,
  },
  {
    id: 103,
    module: 'ORDER',
    kind: 'stockOutList',
    name: '出库单',
    fileNamePattern: '出库单-{number}.pdf',
    confirmOrder: false,
    listed: true,
  },
  {
    id: 104,
    module: 'ORDER',
    kind: 'invoice',
    name: '发票',
    fileNamePattern: '发票-{number}.pdf',
    confirmOrder: false,
    listed: true,
  },
  {
    id: 105,
    module: 'ORDER',
    kind: 'boxLabels',
    name: '箱标',
    fileNamePattern: '箱标-{number}.pdf',
    confirmOrder: false,
    listed: false,
  },
  {
    id: 201,
    module: 'INQUERY_QUOTATION_SHEET',
    kind: 'quotation',
    name: '报价单',
    fileNamePattern: '报价单-{number}.pdf',
    confirmOrder: false,
    listed: true,
  },
];

export function isTemplateModule(value: unknown): value is TemplateModule {
  return typeof value === 'string' && (TEMPLATE_MODULES as readonly string[]).includes(value);
}

/** The dropdown's entries for a module, in list order (unlisted templates left out). */
export function templatesFor(module: TemplateModule): ReportTemplate[] {
  return REPORT_TEMPLATES.filter((t) => t.module === module && t.listed);
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
