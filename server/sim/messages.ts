// What the supplier's sales contact writes to the buyer when the simulator acts. The specs show
// no supplier texts; these are ours (listed in docs/decisions.md). Each names the document number
// so the buyer's inbox reads well without opening the record.
import { orderStateLabel } from '../../src/domain/orders/orderStates';

export const SIM_MESSAGES = {
  quoted: (sheetNo: string) => `您的询价单 ${sheetNo} 已报价，请查看`,
  quotedWithCcc: (sheetNo: string) =>
    `您的询价单 ${sheetNo} 已报价，请查看。其中含3C产品，下单前请先删除3C产品`,
  notQuoted: (sheetNo: string) => `很抱歉，您的询价单 ${sheetNo} 暂时无法报价，原因请查看产品明细`,
  contractSigned: (sheetNo: string, orderNo: string) =>
    `您的询价单 ${sheetNo} 合同已确认，订单号 ${orderNo}，请按合同约定付款`,
  paymentReceived: (orderNo: string) => `订单 ${orderNo} 的货款已收到，我们将尽快安排采购`,
  partialPaymentReceived: (orderNo: string) => `订单 ${orderNo} 的预付款已收到`,
  invoiced: (orderNo: string) => `订单 ${orderNo} 的发票已开具，请注意查收`,
  confirmed: (orderNo: string, forecast: string | null) =>
    forecast
      ? `订单 ${orderNo} 供应商已确认，预计到货日期 ${forecast}`
      : `订单 ${orderNo} 供应商已确认`,
  shipped: (orderNo: string) => `订单 ${orderNo} 已发货，请注意查收`,
  signed: (orderNo: string) => `订单 ${orderNo} 已签收，感谢您的采购`,
  progressed: (orderNo: string, state: number) =>
    `订单 ${orderNo} 状态已更新为「${orderStateLabel(state)}」`,
  cancelConfirmed: (orderNo: string) => `订单 ${orderNo} 的取消申请已确认`,
} as const;
