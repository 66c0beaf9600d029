// Staff-management wording (settings-messaging-shared §5 "Staff", §8 error catalogue and
// confirmations). The leaving and restore confirmations are not worded in the spec: ours follow
// the meaning §8 gives and the tone of the deletion warning.

export const STAFF_MESSAGES = {
  NAME_REQUIRED: '请输入员工姓名',
  MOBILE_REQUIRED: '请输入手机号',
  MOBILE_INVALID: '手机格式不正确，请重新输入',
  SUCCESSOR_REQUIRED: '请选择交接人',
  DELETE_NOT_ADMIN: '当前登录用户不是管理员，请开通管理员权限',
  DELETE_CONFIRM: '员工删除后不可恢复，请谨慎操作！',
  LEAVE_CONFIRM: '离职交接后，该员工将不能再以公司身份登录，且该操作不可恢复，请谨慎操作！',
  HANDOVER_SUCCESS: '成功完成离职交接',
  HANDOVER_FAILURE: '离职交接失败，请稍后重试',
  EDIT_SUCCESS: '员工信息编辑成功',
  EDIT_FAILURE: '员工信息编辑失败，请稍后重试!',
  ADD_SUCCESS: '添加员工成功',
  ADD_FAILURE: '添加员工失败，请稍后重试!',
  DELETE_SUCCESS: '删除成功!',
  DELETE_FAILURE: '删除失败，请稍后重试!',
  RESTORE_FAILURE: '恢复在职失败，请稍后重试!',
} as const;

export type StaffMessageKey = keyof typeof STAFF_MESSAGES;

export function restoreSuccessMessage(name: string): string {
  return `恢复在职成功，${name} 现为在职`;
}

export function restoreConfirmMessage(name: string): string {
  return `确定将${name}恢复为在职吗？`;
}
