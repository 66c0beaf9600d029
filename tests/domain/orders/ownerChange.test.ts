import { describe, expect, it } from 'vitest';
import { chosenOwner, ownerOptions } from '../../../src/domain/orders/ownerChange';

// purchasing-core §5 "Owner change": in-service personnel of the current company, excluding the
// present owner.
const staff = [
  { id: 1, name: '李娜', status: 'IN_SERVICE', companyId: 10 },
  { id: 2, name: '张伟', status: 'IN_SERVICE', companyId: 10 },
  { id: 3, name: '王建国', status: 'DEPART', companyId: 10 },
  { id: 4, name: '赵磊', status: 'IN_SERVICE', companyId: 20 },
  { id: 5, name: '陈静', status: 'IN_SERVICE', companyId: 10 },
  { id: 6, name: '陈静', status: 'IN_SERVICE', companyId: 10 },
];

describe('ownerOptions', () => {
  it.each([
    [1, ['2', '5', '6']],
    [2, ['1', '5', '6']],
    [5, ['1', '2', '6']],
    [null, ['1', '2', '5', '6']],
    [3, ['1', '2', '5', '6']],
  ])('present owner %j: offers %j', (owner, values) => {
    expect(
      ownerOptions(staff, 10, owner)
        .map((option) => option.value)
        .sort(),
    ).toEqual(values);
  });

  it('lists departed staff and other companies never', () => {
    const labels = ownerOptions(staff, 10, null).map((option) => option.label);
    expect(labels).not.toContain('王建国');
    expect(labels).not.toContain('赵磊');
  });

  it('sorts by name in Chinese order, equal names by id', () => {
    expect(ownerOptions(staff, 10, null)).toEqual([
      { value: '5', label: '陈静' },
      { value: '6', label: '陈静' },
      { value: '1', label: '李娜' },
      { value: '2', label: '张伟' },
    ]);
  });
});

describe('chosenOwner', () => {
  const options = ownerOptions(staff, 10, 1);
  it('turns the chosen value into the owner a mutation carries', () => {
    expect(chosenOwner(options, '2')).toEqual({ id: 2, name: '张伟' });
  });
  it.each([[null], ['1'], ['3'], ['']])('%j is not a choice', (value) => {
    expect(chosenOwner(options, value)).toBeNull();
  });
});
