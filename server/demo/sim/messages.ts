// What the supplier's sales contact writes to the buyer when the simulator acts. The specs show
// no supplier texts; these are ours (listed in docs/decisions.md). Each names the document number
// so the buyer's inbox reads well without opening the record. REPLY_TEXTS answer a buyer's chat
// message by what it is about (replies.ts picks the topic).
import { orderStateLabel } from '../../../src/domain/orders/orderStates';

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

/** Topics of a buyer's chat message the sales contact answers (replies.ts tells them apart). */
export type ReplyTopic =
  | 'price'
  | 'delivery'
  | 'invoice'
  | 'payment'
  | 'contract'
  | 'change'
  | 'thanks'
  | 'attachment'
  | 'other';

/** Answers per topic; `{no}` is the document number. One is picked at random. */
export const REPLY_TEXTS: Record<ReplyTopic, readonly string[]> = {
  price: [
    '关于 {no} 的价格：已按您的采购量核算，如需批量优惠请告诉我具体数量，我帮您申请。',
    '{no} 的报价已是当前最优价格，数量增加的话可以再帮您申请折扣。',
  ],
  delivery: [
    '{no} 目前正在正常跟进，预计到货时间以订单页面为准，有变化我会第一时间通知您。',
    '已帮您催了品牌方，{no} 的货期一有更新我马上告诉您。',
  ],
  invoice: [
    '发票会在货款到账后 3 个工作日内开具，开好后 {no} 的开票状态会更新。',
    '收到，{no} 的开票信息已转给财务，会按您提供的抬头开具。',
  ],
  payment: [
    '好的，财务确认到账后会马上安排 {no} 的后续采购，请留意订单状态。',
    '收到，{no} 的付款信息已转给财务核对，到账后我通知您。',
  ],
  contract: ['{no} 的合同条款如需调整，请说明具体内容，我们会尽快处理。'],
  change: [
    '收到，{no} 的修改我已记录，会按新的要求重新核实后回复您。',
    '好的，我按您说的调整 {no}，核实后给您答复。',
  ],
  thanks: ['不客气，有任何问题随时联系我。', '好的，有需要随时找我。'],
  attachment: ['收到，附件已查看，我核实一下 {no} 的情况后回复您。'],
  other: [
    '收到，我核实一下 {no} 的情况，稍后回复您。',
    '您好，{no} 的问题已记下，我尽快给您答复。',
  ],
};
