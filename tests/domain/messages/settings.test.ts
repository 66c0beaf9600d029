import { describe, expect, it } from 'vitest';
import {
  duplicateFileMessage,
  fileCountLimitMessage,
  firstPaymentRangeMessage,
  restoreSuccessMessage,
  SETTINGS_MESSAGES,
  takeOverConfirmation,
  uploadFailedFor,
  uploadFailedWithReason,
} from '../../../src/domain/messages/settings';

// Every fixed text settings-messaging-shared §5 and §8 word (plus the §2 shell texts), copied from the spec.
const SPEC_TEXTS = [
  // §2 shell and inbox
  '没有要处理的待办消息 ~',
  '没有收藏的待办消息 ~',
  '当前公司不是待办消息的接收公司，是否切换为待办消息接收公司',
  // §5 password reset
  '请输入验证码',
  '请输入密码',
  '必须包含数字、字母、特殊符号且至少8位(特殊符号: @#$%^&*)',
  '请确认新密码',
  '您输入两次密码不一致，请重新输入',
  // §5 staff
  '请输入员工姓名',
  '请输入手机号',
  '手机格式不正确，请重新输入',
  '请选择交接人',
  '当前登录用户不是管理员，请开通管理员权限',
  // §5 company settings
  '邮箱格式不正确, 请重新输入！',
  '请输入纳税号！',
  '请输入开户行！',
  '请输入帐号！',
  '请输入姓名！',
  '请输入电话！',
  '发票邮寄详细地址不能为空',
  '请选择国家！',
  '请输入详细地址！',
  '请输入联系人！',
  '手机格式不正确，请重新输入！',
  // §5 message panel
  '消息为空或者上传文件为空时,不能发送消息！',
  '上传文件大小不能超过 20MB!',
  '确定删除该附件吗？删除后将不可恢复',
  // §5 shared widgets
  '格式不正确！',
  '产品最少输入两个字符',
  '型号订货号最少输入两个字符',
  '型号订货号不能有中文字符',
  '该品牌是错误品牌，请重新选择品牌',
  '该产品是错误产品，请重新选择产品',
  '不能为空！',
  '已存在相同标签！',
  // §5 contract export
  '公司默认收货地址：地址未填写！',
  '公司开票信息：税号未填写！',
  '首付款金额最多填写2位小数！',
  '该订单未填写供应商的报价单号。',
  // §8
  '文件上传失败,请重试！',
  '图片上传成功！',
  '图片上传失败,请重试！',
  '上传成功！',
  '上传失败,请重试！',
  '文件已删除',
  '文件上传成功',
  '验证码已发送',
  '密码修改成功',
  '成功完成离职交接',
  '离职交接失败，请稍后重试',
  '员工信息编辑成功',
  '添加员工成功',
  '员工信息编辑失败，请稍后重试!',
  '添加员工失败，请稍后重试!',
  '删除成功!',
  '删除失败，请稍后重试!',
  '恢复在职失败，请稍后重试!',
  '信息编辑成功',
  '信息编辑失败，请稍后重试',
  '收货地址更新成功!',
  '收货地址更新失败, 请稍后重试!',
  '收货地址设置成功!',
  '收货地址设置失败，请稍后重试!',
  '国家、省、市设置后不允许编辑，请确认是否正确',
  '提示',
  '员工删除后不可恢复，请谨慎操作！',
];

const catalogue = new Set(
  Object.values(SETTINGS_MESSAGES).flatMap((area) => Object.values(area) as string[]),
);

describe('settings catalogue', () => {
  it.each(SPEC_TEXTS)('holds %s', (text) => expect(catalogue.has(text)).toBe(true));

  it.each([
    [takeOverConfirmation('王五'), '该待办负责人是王五，操作后负责人将变更为你，确定操作吗？'],
    [restoreSuccessMessage('王芳'), '恢复在职成功，王芳 现为在职'],
    [uploadFailedWithReason('超时'), '文件上传失败：超时'],
    [uploadFailedFor('a.pdf'), '上传失败：a.pdf'],
    [fileCountLimitMessage(100), '上传的文件数量限制为100'],
    [duplicateFileMessage(2), '该文件已经存在,第2个文件为该文件'],
    [firstPaymentRangeMessage('300.00', '1000.00'), '请注意300.00<=合同首付款金额<=1000.00元！'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));

  it('leaves the common messages to the common catalogue', () => {
    for (const text of [
      '身份信息已过期，请重新刷新页面或重新登录',
      '你暂无该权限，请先获取权限',
      '文件上传失败，文件不能大于 20M',
      '当前登录账号无绑定公司，或者绑定公司无权限登录该系统！',
      '复制成功!',
      '复制失败，可能浏览器不支持!',
    ]) {
      expect(catalogue.has(text)).toBe(false);
    }
  });
});
