// The feed reads its pages from PostgreSQL as COPY BINARY so stored text is never decoded: the
// decoder must give every field's bytes whole however the stream is cut into messages, and the
// query must end (rows, a failing statement, a wrong format) with its pool connection usable.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type BinaryRow, CopyBinaryDecoder, copyBinary } from '../../../server/db/copyBinary';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../../support/databases';

const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const field = (bytes: Buffer | null) => (bytes ? [int32(bytes.length), bytes] : [int32(-1)]);

/** A COPY BINARY stream as PostgreSQL writes it, with a header extension to skip. */
function stream(rows: Array<Array<Buffer | null>>, extension = Buffer.from('ext!')): Buffer {
  return Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    int32(0),
    int32(extension.length),
    extension,
    ...rows.flatMap((row) => [int16(row.length), ...row.flatMap(field)]),
    int16(-1),
  ]);
}

const copied = (row: BinaryRow) => row.map((f) => (f ? Buffer.from(f).toString() : null));

describe('CopyBinaryDecoder', () => {
  const rows = [
    [Buffer.from('1'), Buffer.from('{"名":"一"}'), null],
    [Buffer.from('22'), Buffer.alloc(0), Buffer.from('x'.repeat(300))],
  ];
  const expected = rows.map((r) => r.map((f) => (f ? f.toString() : null)));

  it('gives each row its fields (null, empty, multi-byte text) and ends at the trailer', () => {
    const got: Array<Array<string | null>> = [];
    const decoder = new CopyBinaryDecoder((row) => got.push(copied(row)));
    decoder.push(stream(rows));
    expect(got).toEqual(expected);
    expect(decoder.done).toBe(true);
  });

  it('gives the same rows when the stream is cut anywhere, even byte by byte', () => {
    const bytes = stream(rows);
    for (let cut = 1; cut < bytes.length; cut++) {
      const got: Array<Array<string | null>> = [];
      const decoder = new CopyBinaryDecoder((row) => got.push(copied(row)));
      decoder.push(bytes.subarray(0, cut));
      decoder.push(bytes.subarray(cut));
      expect(got, `cut at ${cut}`).toEqual(expected);
      expect(decoder.done).toBe(true);
    }
    const got: Array<Array<string | null>> = [];
    const decoder = new CopyBinaryDecoder((row) => got.push(copied(row)));
    for (let at = 0; at < bytes.length; at++) decoder.push(bytes.subarray(at, at + 1));
    expect(got).toEqual(expected);
    expect(decoder.done).toBe(true);
  });

  it('is not done before the trailer, and refuses a text copy', () => {
    const bytes = stream(rows);
    const decoder = new CopyBinaryDecoder(() => undefined);
    decoder.push(bytes.subarray(0, bytes.length - 2));
    expect(decoder.done).toBe(false);
    expect(() =>
      new CopyBinaryDecoder(() => undefined).push(Buffer.from('1\t2\n'.repeat(10))),
    ).toThrow(/not a binary copy/);
  });
});

describe.each(drivers.filter((d) => d === 'postgres'))('copyBinary on %s', () => {
  it('reads rows as bytes, rejects a failing statement, and the pool serves on', async () => {
    const url = await createPostgresDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const got: Array<[bigint, string, string | null]> = [];
      await copyBinary(
        pool,
        `copy (select n::bigint, repeat('行', n), case when n % 2 = 0 then null else 'odd' end
          from generate_series(1, 3000) n order by n) to stdout with (format binary)`,
        ([n, text, odd]) => {
          if (!n || !text) throw new Error('a field missing');
          got.push([n.readBigInt64BE(), text.toString(), odd ? odd.toString() : null]);
        },
      );
      expect(got).toHaveLength(3000);
      expect(got[0]).toEqual([1n, '行', 'odd']);
      expect(got[2999]).toEqual([3000n, '行'.repeat(3000), null]);
      await expect(
        copyBinary(pool, 'copy (select 1 / 0) to stdout with (format binary)', () => undefined),
      ).rejects.toThrow(/division by zero/);
      // A text copy is refused by the decoder; the connection still reaches ReadyForQuery.
      await expect(copyBinary(pool, 'copy (select 1) to stdout', () => undefined)).rejects.toThrow(
        /not a binary copy/,
      );
      const thrown = copyBinary(
        pool,
        'copy (select generate_series(1, 10)) to stdout with (format binary)',
        () => {
          throw new Error('the reader failed');
        },
      );
      await expect(thrown).rejects.toThrow(/the reader failed/);
      // One connection in the pool: it was given back each time and still answers.
      const { rows } = await pool.query('select 41 + 1 as n');
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await pool.end();
      await dropPostgresDatabase(url);
    }
  });
});
