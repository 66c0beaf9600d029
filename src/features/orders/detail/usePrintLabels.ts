// The box-label print of an order (template 105, 箱标): the document request the preview makes
// on the device from the synced order and the two parties' rows, so it works offline. Null while
// the parties are read.
import { useMemo } from 'react';
import { useSession } from '../../../app/session/useSession';
import type { StoredOrder } from '../../../data/derive';
import { templateOfKind } from '../../../documents/templates';
import type { DocumentRequest } from '../../documents/renderDocument';
import { useDocumentParties } from '../../documents/useDocumentParties';

/** Makes the request at the moment of printing (the labels' date); null while parties load. */
export function usePrintLabels(
  order: StoredOrder,
  companyId: number,
): (() => DocumentRequest) | null {
  const { account } = useSession();
  const parties = useDocumentParties(companyId, order.supplier_order_node.company_id);
  return useMemo(() => {
    if (!parties) return null;
    return () => ({
      module: 'ORDER',
      template: templateOfKind('boxLabels'),
      input: {
        ...parties,
        order,
        user: { name: account.name, mobile: account.mobile },
        timeZone: account.timezone,
        now: new Date().toISOString(),
      },
    });
  }, [parties, order, account]);
}
