// Permission checks for showing an element (purchasing-core §6, settings-messaging-shared §5/§6):
// one key or a list of keys against the session's permissions map; shown if any key is present.
// Which element needs which key is not specified, so this module holds no key list.

export type PermissionKey = string | number;

/** The map by permission id (or code) as kept in the session store. */
export type PermissionMap =
  | Readonly<Record<string, unknown>>
  | ReadonlyMap<PermissionKey, unknown>
  | null
  | undefined;

/** A Map may be keyed by numeric ids or their text; look the key up both ways. */
function lookup(map: NonNullable<PermissionMap>, key: PermissionKey): unknown {
  const text = String(key);
  if (map instanceof Map) {
    const asNumber = Number(text);
    return map.get(text) ?? (text.trim() !== '' ? map.get(asNumber) : undefined);
  }
  const record = map as Readonly<Record<string, unknown>>;
  return Object.hasOwn(record, text) ? record[text] : undefined;
}

function isPresent(map: NonNullable<PermissionMap>, key: PermissionKey): boolean {
  const value = lookup(map, key);
  // A key the server sent as false or null was revoked, not granted.
  return value !== undefined && value !== null && value !== false;
}

/** True when any of the keys is present; an empty list grants nothing. */
export function hasPermission(
  map: PermissionMap,
  keyOrKeys: PermissionKey | readonly PermissionKey[],
): boolean {
  if (!map) return false;
  const keys = typeof keyOrKeys === 'object' ? keyOrKeys : [keyOrKeys];
  return keys.some((key) => isPresent(map, key));
}
