import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_FILTER, toggleStatusFilter } from '../../../src/domain/staff/statusFilter';

describe('toggleStatusFilter', () => {
  it.each([
    [['IN_SERVICE'], 'DEPART', ['IN_SERVICE', 'DEPART']],
    [['DEPART'], 'IN_SERVICE', ['IN_SERVICE', 'DEPART']],
    [['IN_SERVICE', 'DEPART'], 'IN_SERVICE', ['DEPART']],
    [['IN_SERVICE', 'DEPART'], 'DEPART', ['IN_SERVICE']],
    [['IN_SERVICE'], 'IN_SERVICE', ['IN_SERVICE']],
    [['DEPART'], 'DEPART', ['DEPART']],
  ] as const)('%j toggling %s → %j', (ticked, status, expected) => {
    expect(toggleStatusFilter(ticked, status)).toEqual(expected);
  });

  it('starts with the on-duty staff', () => expect(DEFAULT_STATUS_FILTER).toEqual(['IN_SERVICE']));
});
