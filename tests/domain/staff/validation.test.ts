import { describe, expect, it } from 'vitest';
import { restoreSuccessMessage, STAFF_MESSAGES } from '../../../src/domain/staff/messages';
import {
  internalUsers,
  loginUserSearchParams,
  validateEmployeeForm,
} from '../../../src/domain/staff/validation';

describe('validateEmployeeForm', () => {
  it.each([
    ['张三', '13812345678', {}],
    ['', '13812345678', { name: '请输入员工姓名' }],
    ['  ', '', { name: '请输入员工姓名', mobile: '请输入手机号' }],
    ['张三', '+8613812345678', {}],
    ['张三', '+4913812345678', {}],
    ['张三', '19912345678', {}],
    ['张三', '12812345678', { mobile: '手机格式不正确，请重新输入' }],
    ['张三', '1381234567', { mobile: '手机格式不正确，请重新输入' }],
    ['张三', '138123456789', { mobile: '手机格式不正确，请重新输入' }],
    ['张三', '8613812345678', { mobile: '手机格式不正确，请重新输入' }],
    ['张三', '+86 13812345678', { mobile: '手机格式不正确，请重新输入' }],
    ['张三', '03012345678', { mobile: '手机格式不正确，请重新输入' }],
  ])('name %j mobile %j', (name, mobile, errors) => {
    expect(validateEmployeeForm({ name, mobile })).toEqual(errors);
  });
});

describe('loginUserSearchParams', () => {
  it.each([
    ['138', { mobile: '138' }],
    [' 13812345678 ', { mobile: '13812345678' }],
    ['张三', { name: '张三' }],
    ['zhang3', { name: 'zhang3' }],
    ['+86138', { name: '+86138' }],
    ['', {}],
    ['   ', {}],
  ])('%j → %j', (input, params) => expect(loginUserSearchParams(input)).toEqual(params));
});

describe('internalUsers', () => {
  it('drops departed users only', () => {
    const users = [
      { id: 1, status: 'IN_SERVICE' },
      { id: 2, status: 'DEPART' },
      { id: 3, status: null },
    ];
    expect(internalUsers(users).map((u) => u.id)).toEqual([1, 3]);
  });
});

describe('staff messages of §8', () => {
  it.each([
    [STAFF_MESSAGES.HANDOVER_SUCCESS, '成功完成离职交接'],
    [STAFF_MESSAGES.HANDOVER_FAILURE, '离职交接失败，请稍后重试'],
    [STAFF_MESSAGES.EDIT_SUCCESS, '员工信息编辑成功'],
    [STAFF_MESSAGES.ADD_SUCCESS, '添加员工成功'],
    [STAFF_MESSAGES.EDIT_FAILURE, '员工信息编辑失败，请稍后重试!'],
    [STAFF_MESSAGES.ADD_FAILURE, '添加员工失败，请稍后重试!'],
    [STAFF_MESSAGES.DELETE_SUCCESS, '删除成功!'],
    [STAFF_MESSAGES.DELETE_FAILURE, '删除失败，请稍后重试!'],
    [STAFF_MESSAGES.RESTORE_FAILURE, '恢复在职失败，请稍后重试!'],
    [restoreSuccessMessage('王芳'), '恢复在职成功，王芳 现为在职'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
