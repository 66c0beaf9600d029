// How many bytes a request body may have (security review M10). Fastify reads and parses a JSON
// body before the schema can refuse it, so the global limit is what one request may cost any
// route, public ones included. Only the routes that need more say so; a larger body gets 413
// with the spec's message (server/http/errors.ts). A compressed body counts after decompression.

/**
 * Every JSON route. The largest ordinary bodies (a message of 5,000 characters with 20
 * attachments, a company's settings, an order action) stay under 40 KB; 256 KB leaves room.
 */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * A sheet with its whole product list (create, save draft): up to 500 lines of about 8.5 KB each
 * when every field is at its schema maximum (2,000 + 200 + 200 characters of Chinese text in
 * UTF-8, two attachment names), so about 4.3 MB at worst.
 */
export const SHEET_BODY_LIMIT = 5 * 1024 * 1024;
