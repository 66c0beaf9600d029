// The dashboard's figures are buckets with parts (src/data/lists/listKeys.ts): a share keyed
// `bucket#part` lands in its bucket's record, whose `count` is the parts' sum. Pure functions on
// records, apart from totals.ts (which reads the schema) so the schema's upgrades can use them.
import { PART_SEPARATOR } from './lists/listKeys';
import type { ListTotal } from './totals';

/** `bucket#part` → [bucket, part]; a plain key → [key, null]. */
export function splitPart(key: string): [string, string | null] {
  const at = key.indexOf(PART_SEPARATOR);
  return at < 0 ? [key, null] : [key.slice(0, at), key.slice(at + 1)];
}

/** Adds a part's delta to a bucket's record (or makes one); null when nothing is left in it. */
export function withPart(record: ListTotal | undefined, key: string, part: string, delta: number) {
  const parts = { ...(record?.parts ?? {}) };
  const next = (parts[part] ?? 0) + delta;
  if (next > 0) parts[part] = next;
  else delete parts[part];
  const count = Object.values(parts).reduce((sum, value) => sum + value, 0);
  return count > 0 ? { key, count, parts } : null;
}

/** Totals as records from flat counts (`key` or `bucket#part` → count): upgrades and recounts. */
export function totalsOf(counts: ReadonlyMap<string, number>): ListTotal[] {
  const records = new Map<string, ListTotal>();
  for (const [flat, count] of counts) {
    if (count <= 0) continue;
    const [key, part] = splitPart(flat);
    if (part === null) {
      records.set(key, { key, count });
      continue;
    }
    const record = withPart(records.get(key), key, part, count);
    if (record) records.set(key, record);
  }
  return [...records.values()];
}

/** A record's flat counts (`key`, or `bucket#part` for each part): what tests compare. */
export function flatCounts(record: ListTotal): Array<[string, number]> {
  return record.parts
    ? Object.entries(record.parts).map(([part, count]) => [
        `${record.key}${PART_SEPARATOR}${part}`,
        count,
      ])
    : [[record.key, record.count]];
}
