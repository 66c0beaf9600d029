// A query's rows as PostgreSQL sends them in COPY BINARY, field by field, as bytes. node-postgres
// decodes every field of an ordinary result into a JS string (even with `binary: true`), and a
// reader that only passes stored text on (the sync feed) would encode it straight back: COPY's
// CopyData messages reach us as bytes, so the stored UTF-8 goes out without being decoded.
import type pg from 'pg';

/**
 * One row's fields, in the statement's column order: each the field's bytes in PostgreSQL's
 * binary format (text: its UTF-8; bigint: 8 bytes big-endian), or null. The buffers are views of
 * the driver's receive buffer: valid only until `onRow` returns (copy what you keep).
 */
export type BinaryRow = ReadonlyArray<Buffer | null>;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (int32), header extension length (int32). */
const HEADER_LENGTH = SIGNATURE.length + 8;

/**
 * Decodes COPY BINARY data as it arrives: a header, then tuples (int16 field count, and per
 * field an int32 length, -1 for null, and the bytes), then an int16 -1. PostgreSQL sends a tuple
 * per CopyData message, but the format does not promise it, so a tuple cut between two messages
 * is kept (copied) until the rest comes.
 */
export class CopyBinaryDecoder {
  private pending: Buffer | null = null;
  private headerRead = false;
  private ended = false;

  constructor(private readonly onRow: (row: BinaryRow) => void) {}

  get done(): boolean {
    return this.ended;
  }

  push(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    if (!this.headerRead) {
      const seen = Math.min(data.length, SIGNATURE.length);
      if (!data.subarray(0, seen).equals(SIGNATURE.subarray(0, seen))) {
        throw new Error('COPY BINARY: not a binary copy');
      }
      if (data.length < HEADER_LENGTH) {
        this.keep(data, 0);
        return;
      }
      const extension = data.readInt32BE(SIGNATURE.length + 4);
      if (data.length < HEADER_LENGTH + extension) {
        this.keep(data, 0);
        return;
      }
      at = HEADER_LENGTH + extension;
      this.headerRead = true;
    }
    while (at + 2 <= data.length && !this.ended) {
      const count = data.readInt16BE(at);
      if (count === -1) {
        this.ended = true;
        return;
      }
      const fields: Array<Buffer | null> = new Array(count);
      let next = at + 2;
      let whole = true;
      for (let i = 0; i < count; i++) {
        if (next + 4 > data.length) {
          whole = false;
          break;
        }
        const length = data.readInt32BE(next);
        next += 4;
        if (length === -1) {
          fields[i] = null;
          continue;
        }
        if (next + length > data.length) {
          whole = false;
          break;
        }
        fields[i] = data.subarray(next, next + length);
        next += length;
      }
      if (!whole) {
        this.keep(data, at);
        return;
      }
      this.onRow(fields);
      at = next;
    }
    if (at < data.length && !this.ended) this.keep(data, at);
  }

  private keep(data: Buffer, from: number): void {
    this.pending = Buffer.from(data.subarray(from));
  }
}

/**
 * node-postgres's Submittable for `copy (…) to stdout with (format binary)`: sent as a simple
 * query, each CopyData decoded as it comes (client.js hands the active query `copyData`), done at
 * ReadyForQuery. An error (the statement's, or the connection's) rejects; the pool's own
 * timeouts (statement_timeout, query_timeout) apply as to any query.
 */
class CopyBinaryQuery {
  callback?: (error: Error | null) => void;
  private readonly decoder: CopyBinaryDecoder;
  private failure: Error | null = null;

  constructor(
    private readonly text: string,
    onRow: (row: BinaryRow) => void,
  ) {
    this.decoder = new CopyBinaryDecoder(onRow);
  }

  submit(connection: { query(text: string): void }): null {
    connection.query(this.text);
    return null;
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failure) return;
    try {
      this.decoder.push(message.chunk);
    } catch (error) {
      // Kept until ReadyForQuery: the connection stays in step with the server.
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('copyBinary reads only');
  }

  handleError(error: Error): void {
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    if (!this.failure && !this.decoder.done) this.failure = new Error('COPY BINARY: no trailer');
    this.callback?.(this.failure);
  }
}

/** Runs `copy (select …) to stdout with (format binary)` on a pool connection, row by row. */
export async function copyBinary(
  pool: pg.Pool,
  statement: string,
  onRow: (row: BinaryRow) => void,
): Promise<void> {
  // pg-pool takes a Submittable (it calls client.query(query, undefined, callback)); its types
  // know only QueryConfig and the driver's own Submittable shape.
  await pool.query(new CopyBinaryQuery(statement, onRow) as unknown as pg.QueryConfig);
}
