// Answers assembled from JSON text that is already serialized (the feed's stored rows): the text
// goes into the `{ data }` envelope (replies.ts) as it is, so a list page or a detail costs a
// concatenation, not a parse and a JSON.stringify of rows that were serialized at write time.
import type { FastifyReply } from 'fastify';

/** JSON text to put into an answer as it is. */
export type JsonText = string & { readonly jsonText: unique symbol };

export const jsonText = (value: unknown): JsonText => JSON.stringify(value) as JsonText;

/** A JSON array of texts that are each JSON. */
export const jsonArray = (items: readonly JsonText[]): JsonText =>
  `[${items.join(',')}]` as JsonText;

/** A list page's data, `{ items, total }` (the spec's REST list shape), from the items' texts. */
export const listPageText = (page: { items: readonly JsonText[]; total: number }): JsonText =>
  `{"items":${jsonArray(page.items)},"total":${page.total}}` as JsonText;

/** The success envelope `{ data }` around `data`, with the content type Fastify gives JSON. */
export function sendData(reply: FastifyReply, data: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"data":${data}}`);
}
