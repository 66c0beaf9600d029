import { describe, expect, it } from 'vitest';
import {
  availableStaffActions,
  STAFF_TRANSITIONS,
  staffActionConfirmation,
  successorCandidates,
  validateDelete,
  validateHandover,
} from '../../../src/domain/staff/transitions';

describe('STAFF_TRANSITIONS', () => {
  it.each([
    ['handover', 'IN_SERVICE', 'DEPART', false],
    ['restore', 'DEPART', 'IN_SERVICE', true],
    ['delete', 'DEPART', null, false],
  ] as const)('%s: %s → %s, reversible %s', (action, from, to, reversible) => {
    expect(STAFF_TRANSITIONS[action]).toMatchObject({ from, to, reversible });
  });
});

describe('availableStaffActions', () => {
  it.each([
    ['IN_SERVICE', false, ['handover']],
    ['IN_SERVICE', true, []],
    ['DEPART', false, ['restore', 'delete']],
    ['DEPART', true, ['restore', 'delete']],
    ['UNKNOWN', false, []],
  ] as const)('%s employee (admin %s) offers %j', (status, admin, actions) => {
    expect(availableStaffActions({ id: 1, name: '张三', status, admin })).toEqual(actions);
  });
});

describe('successorCandidates', () => {
  const staff = [
    { id: 1, name: '甲', status: 'IN_SERVICE' },
    { id: 2, name: '乙', status: 'IN_SERVICE' },
    { id: 3, name: '丙', status: 'DEPART' },
    { id: 4, name: '丁', status: 'IN_SERVICE' },
  ];
  it.each([
    [1, [2, 4]],
    [2, [1, 4]],
    [3, [1, 2, 4]],
  ])('leaving %s → %j', (id, ids) => {
    expect(successorCandidates(staff, id).map((e) => e.id)).toEqual(ids);
  });
});

describe('checks and confirmations', () => {
  it.each([
    [null, '请选择交接人'],
    [undefined, '请选择交接人'],
    [0, null],
    [12, null],
  ])('successor %s → %s', (id, message) => expect(validateHandover(id)).toBe(message));

  it.each([
    [false, '当前登录用户不是管理员，请开通管理员权限'],
    [true, null],
  ])('delete by admin=%s → %s', (isAdmin, message) => {
    expect(validateDelete({ isAdmin })).toBe(message);
  });

  it.each([
    ['handover', '离职交接后，该员工将不能再以公司身份登录，且该操作不可恢复，请谨慎操作！'],
    ['restore', '确定将王芳恢复为在职吗？'],
    ['delete', '员工删除后不可恢复，请谨慎操作！'],
  ] as const)('%s asks %s', (action, text) => {
    expect(staffActionConfirmation(action, { id: 5, name: '王芳', status: 'DEPART' })).toBe(text);
  });
});
