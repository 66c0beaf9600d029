// Raw SQL the hot paths run many times a second, as named prepared statements: PostgreSQL parses
// and plans each text once per connection instead of on every call (drizzle's query builders get
// this from `.prepare(name)`; raw `execute` has no name). The name is a hash of the text, so two
// texts never share a name. Only for texts of a bounded set of shapes: every name stays prepared
// on its connection until the connection closes.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Reader } from './database';

const dialect = new PgDialect();

export async function executePrepared<Row>(reader: Reader, query: SQL): Promise<{ rows: Row[] }> {
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
  const prepared = reader._.session.prepareQuery(built, undefined, name, false);
  return (await prepared.execute()) as { rows: Row[] };
}
