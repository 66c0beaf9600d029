// Temporary (negative) ids of rows created offline, for the app: once the server has answered
// the create, the engine keeps temporary → server id in `meta` (ids are never reused). A detail
// page opened on a sheet created offline still has the temporary id in its URL: these let it
// read the row under its server id and rewrite the URL. Reads go through Dexie only, so they
// work inside a liveQuery and run again when the map changes.
import type { PurchasingDb } from './db';
import { readIdMapPairs } from './meta';

export type ServerIds = ReadonlyMap<number, number>;

/** Every temporary → server id pair learned so far. */
export async function readServerIds(db: PurchasingDb): Promise<ServerIds> {
  return new Map(await readIdMapPairs(db));
}

/**
 * The server id of `id`: `id` itself when it is not temporary, the mapped id once the create is
 * answered, null while it is not (the row is still stored under the temporary id).
 */
export async function serverIdOf(db: PurchasingDb, id: number): Promise<number | null> {
  if (id > 0) return id;
  return (await readServerIds(db)).get(id) ?? null;
}

const TEMPORARY = /^-\d+$/;

function mapValue(value: unknown, map: ServerIds): unknown {
  if (typeof value === 'number') return map.get(value) ?? value;
  if (typeof value === 'string' && TEMPORARY.test(value)) {
    const server = map.get(Number(value));
    return server === undefined ? value : String(server);
  }
  return value;
}

/**
 * Route params or search (`{ id: -3, tab: 'lines' }`, `{ sheetId: '-3' }`) with each temporary
 * id the map knows replaced by its server id, as a number or as text like the value it replaces.
 * The same object when nothing changed, so the page navigates only when its URL must change.
 */
export function withServerIds<T extends Readonly<Record<string, unknown>>>(
  params: T,
  map: ServerIds,
): T {
  let changed = false;
  const mapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    mapped[name] = mapValue(value, map);
    if (mapped[name] !== value) changed = true;
  }
  // Same keys, and each value of the same type as before.
  return changed ? (mapped as T) : params;
}
