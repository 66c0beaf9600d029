// 导出明细 above an order's product table (purchasing-core §2.4): its lines to Excel or CSV, as
// the table shows them, named after the order (PO20250109000001-产品明细.xlsx).
import type { StoredOrder } from '../../data/derive';
import { safeFileName } from '../../domain/export/exportTable';
import { EXPORT_TEXT } from '../../domain/export/exportText';
import { useSession } from '../../platform/session/useSession';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { ExportMenu } from './ExportMenu';
import type { ExportFormat } from './exportFile';

export function OrderLinesExport({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const db = useLocalDb();
  const { account } = useSession();
  const lines = order.order_product_list.length;
  const name = `${order.name}-${EXPORT_TEXT.LINES_SHEET}`;
  return (
    <ExportMenu
      label={EXPORT_TEXT.LINES}
      testId="order-lines-export"
      request={
        lines === 0
          ? null
          : (format: ExportFormat) => ({
              kind: 'orderLines',
              orderId: order.id,
              database: db.name,
              companyId,
              timeZone: account.timezone,
              format,
              fileName: safeFileName(name),
              sheet: EXPORT_TEXT.LINES_SHEET,
            })
      }
    />
  );
}
