// The documents printed from the order detail's panels (box labels, template 105; an invoice,
// template 104 with its invoice id): the request the preview makes on the device from the synced
// order and the two parties' rows, so it works offline. Null while the parties are read.
import { useMemo } from 'react';
import type { StoredOrder } from '../../../data/derive';
import type { OrderDocumentInput } from '../../../documents/input';
import type { ReportTemplate } from '../../../documents/templates';
import { useSession } from '../../../platform/session/useSession';
import type { DocumentRequest } from '../../documents/renderDocument';
import { useDocumentParties } from '../../documents/useDocumentParties';

/** What a panel adds to the input: the invoice to print, say. */
export type DocumentOptions = Pick<OrderDocumentInput, 'invoiceId'>;

export type MakeOrderDocument = (
  template: ReportTemplate,
  options?: DocumentOptions,
) => DocumentRequest;

/** Makes the request at the moment of printing (the document's date). */
export function useOrderDocument(order: StoredOrder, companyId: number): MakeOrderDocument | null {
  const { account } = useSession();
  const parties = useDocumentParties(companyId, order.supplier_order_node.company_id);
  return useMemo(() => {
    if (!parties) return null;
    return (template, options = {}) => ({
      module: 'ORDER',
      template,
      input: {
        ...parties,
        ...options,
        order,
        user: { name: account.name, mobile: account.mobile },
        timeZone: account.timezone,
        now: new Date().toISOString(),
      },
    });
  }, [parties, order, account]);
}
