// How the supplier's sales contact answers a buyer's chat message: by what the
// message is about, found from words buyers use (price, delivery, invoice …), with a reply naming
// the document. A question always gets an answer; anything else only now and then (the contact
// has read it either way), so a demo conversation is alive without an answer to every "收到".
import { REPLY_TEXTS, type ReplyTopic } from './messages';

/** Checked in this order: the first topic whose words occur wins. */
const TOPIC_WORDS: ReadonlyArray<readonly [ReplyTopic, RegExp]> = [
  ['price', /价格|报价|价钱|多少钱|优惠|折扣|便宜|单价/],
  ['delivery', /交期|货期|到货|发货|物流|快递|什么时候|何时|多久|几天|进度|到哪/],
  ['invoice', /发票|开票|抬头|税号/],
  ['payment', /付款|货款|汇款|打款|转账|水单|预付|尾款/],
  ['contract', /合同|条款|盖章/],
  ['change', /数量|改为|修改|更改|替代|换成|型号/],
  ['thanks', /谢谢|感谢|多谢/],
];

const QUESTION = /[?？]|吗|呢|能否|是否|可否|请问|怎么|如何|多少|什么|哪/;

/** The chance of an answer to a message that asks nothing. */
export const REPLY_CHANCE = 0.5;

/** What a message is about; `attachment` when it is only files. */
export function replyTopic(subject: string, hasFiles: boolean): ReplyTopic {
  // The @name the app puts in front says nothing about the topic.
  const text = subject.replace(/^@\S+\s*/, '').trim();
  if (text === '') return hasFiles ? 'attachment' : 'other';
  return TOPIC_WORDS.find(([, words]) => words.test(text))?.[0] ?? 'other';
}

/** Whether the contact answers: always to a question, else by chance. */
export function answers(subject: string, random: () => number): boolean {
  return QUESTION.test(subject) || random() < REPLY_CHANCE;
}

/** The answer's text for the message about document `documentNo`. */
export function replyText(
  subject: string,
  hasFiles: boolean,
  documentNo: string,
  random: () => number,
): string {
  const texts = REPLY_TEXTS[replyTopic(subject, hasFiles)];
  const text = texts[Math.min(texts.length - 1, Math.floor(random() * texts.length))] ?? '';
  return text.replaceAll('{no}', documentNo);
}
