import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../../src/domain/account/permissions';

// purchasing-core §6, settings-messaging-shared §5: one key or a list of keys, shown if any key
// is present in the permissions map.

const record = { '101': { id: 101 }, order_view: true, revoked: false, cleared: null };
const map = new Map<string | number, unknown>([
  [101, { id: 101 }],
  ['order_view', true],
]);

describe('hasPermission', () => {
  it.each([
    ['order_view', true],
    ['101', true],
    [101, true],
    ['missing', false],
    ['revoked', false],
    ['cleared', false],
    [['missing', 'order_view'], true],
    [['missing', 101], true],
    [['missing', 'other'], false],
    [[], false],
    ['toString', false],
    ['__proto__', false],
  ] as const)('record map, %j → %s', (keys, expected) => {
    expect(hasPermission(record, keys)).toBe(expected);
  });

  it.each([
    [101, true],
    ['101', true],
    ['order_view', true],
    [['x', 'order_view'], true],
    ['x', false],
    ['', false],
  ] as const)('Map, %j → %s', (keys, expected) => {
    expect(hasPermission(map, keys)).toBe(expected);
  });

  it('grants nothing without a map', () => {
    expect(hasPermission(null, 'order_view')).toBe(false);
    expect(hasPermission(undefined, ['order_view'])).toBe(false);
    expect(hasPermission({}, 'order_view')).toBe(false);
  });
});
