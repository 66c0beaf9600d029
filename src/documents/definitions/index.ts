// One definition per template kind: the report-export dialog, the preview and the server's
// generate route pick the definition of the chosen template and render its spec.

import type { OrderDocumentInput, SheetDocumentInput } from '../input';
import type { DocumentSpec } from '../spec';
import { DocumentSpecError } from '../spec';
import type { DocumentKind, ReportTemplate } from '../templates';
import { bigOrderReportSpec } from './bigOrderReport';
import { boxLabelsSpec } from './boxLabels';
import { contractSpec } from './contract';
import { inquiryMailSpec } from './inquiryMail';
import { invoiceSpec } from './invoice';
import { quotationSpec } from './quotation';
import { stockOutSpec } from './stockOut';

export type SheetDocumentKind = Extract<DocumentKind, 'quotation' | 'inquiryMail'>;
export type OrderDocumentKind = Exclude<DocumentKind, SheetDocumentKind>;

const isSheetKind = (kind: DocumentKind): kind is SheetDocumentKind =>
  kind === 'quotation' || kind === 'inquiryMail';

export const ORDER_DEFINITIONS: Record<
  OrderDocumentKind,
  (input: OrderDocumentInput) => DocumentSpec
> = {
  contract: contractSpec,
  bigOrderReport: bigOrderReportSpec,
  stockOutList: stockOutSpec,
  invoice: invoiceSpec,
  boxLabels: boxLabelsSpec,
};

export const SHEET_DEFINITIONS: Record<
  SheetDocumentKind,
  (input: SheetDocumentInput) => DocumentSpec
> = {
  quotation: quotationSpec,
  inquiryMail: inquiryMailSpec,
};

/** The spec of an ORDER template for an order; a message for a template of another module. */
export function orderDocumentSpec(
  template: ReportTemplate,
  input: OrderDocumentInput,
): DocumentSpec {
  const { kind } = template;
  if (template.module !== 'ORDER' || isSheetKind(kind)) {
    throw new DocumentSpecError(`模板 ${template.id} 不适用于订单`);
  }
  return ORDER_DEFINITIONS[kind](input);
}

/** The spec of an INQUERY_QUOTATION_SHEET template (报价单, 询价函) for a sheet. */
export function sheetDocumentSpec(
  template: ReportTemplate,
  input: SheetDocumentInput,
): DocumentSpec {
  const { kind } = template;
  if (template.module !== 'INQUERY_QUOTATION_SHEET' || !isSheetKind(kind)) {
    throw new DocumentSpecError(`模板 ${template.id} 不适用于报价单`);
  }
  return SHEET_DEFINITIONS[kind](input);
}
