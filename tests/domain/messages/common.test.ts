import { describe, expect, it } from 'vitest';
import {
  COMMON_MESSAGES,
  logsOutOnStatus,
  messageForHttpStatus,
} from '../../../src/domain/messages/common';

// purchasing-core §8 and settings-messaging-shared §8, character for character.
describe('COMMON_MESSAGES (spec wording)', () => {
  it.each([
    ['SESSION_EXPIRED', '身份信息已过期，请重新刷新页面或重新登录'],
    ['NO_PERMISSION', '你暂无该权限，请先获取权限'],
    ['FILE_TOO_LARGE', '文件上传失败，文件不能大于 20M'],
    ['NO_COMPANY_BOUND', '当前登录账号无绑定公司，或者绑定公司无权限登录该系统！'],
    ['COPY_SUCCEEDED', '复制成功!'],
    ['COPY_FAILED', '复制失败，可能浏览器不支持!'],
    ['TO_BE_CONFIRMED', '待确认'],
    // ours: not worded by the specs
    ['OFFLINE_ACTION', '当前离线，该操作需要联网后再试'],
    ['NETWORK_FAILED', '网络连接失败，请检查网络后重试'],
    ['SERVER_BUSY', '服务器繁忙，请稍后重试'],
    ['DATABASE_BUSY', '数据库繁忙，请稍后再试'],
    ['TOO_MANY_REQUESTS', '操作过于频繁，请稍后再试'],
    ['BAD_REQUEST', '请求参数有误'],
    ['INVALID_TEXT', '输入包含无效字符'],
    ['NOT_FOUND', '请求的资源不存在'],
    ['VERSION_CONFLICT', '数据已被他人修改，请确认后重试'],
    ['ATTACHMENT_OPEN_FAILED', '附件打开失败，请稍后重试'],
  ] as const)('%s is %s', (key, text) => {
    expect(COMMON_MESSAGES[key]).toBe(text);
  });

  it('covers every message exactly once', () => {
    expect(Object.keys(COMMON_MESSAGES).sort()).toEqual(
      [
        'SESSION_EXPIRED',
        'NO_PERMISSION',
        'FILE_TOO_LARGE',
        'NO_COMPANY_BOUND',
        'COPY_SUCCEEDED',
        'COPY_FAILED',
        'TO_BE_CONFIRMED',
        'OFFLINE_ACTION',
        'NETWORK_FAILED',
        'SERVER_BUSY',
        'DATABASE_BUSY',
        'TOO_MANY_REQUESTS',
        'BAD_REQUEST',
        'INVALID_TEXT',
        'NOT_FOUND',
        'VERSION_CONFLICT',
        'ATTACHMENT_OPEN_FAILED',
      ].sort(),
    );
  });
});

describe('messageForHttpStatus', () => {
  it.each([
    // The spec's fixed wording wins over whatever the server says.
    [401, undefined, '身份信息已过期，请重新刷新页面或重新登录'],
    [401, '未登录', '身份信息已过期，请重新刷新页面或重新登录'],
    [403, undefined, '你暂无该权限，请先获取权限'],
    [403, 'forbidden', '你暂无该权限，请先获取权限'],
    [413, undefined, '文件上传失败，文件不能大于 20M'],
    [413, 'too large', '文件上传失败，文件不能大于 20M'],
    // Any other failure shows the server's error_message.
    [400, '品牌名不能为空', '品牌名不能为空'],
    [409, '采购单已被修改', '采购单已被修改'],
    [500, '数据库错误', '数据库错误'],
    [422, '  需要去空格  ', '需要去空格'],
    // ... else a fallback.
    [400, undefined, '请求参数有误'],
    [422, '', '请求参数有误'],
    [409, '   ', '请求参数有误'],
    [404, undefined, '请求的资源不存在'],
    [404, '采购单不存在', '采购单不存在'],
    [500, undefined, '服务器繁忙，请稍后重试'],
    [502, null, '服务器繁忙，请稍后重试'],
    [503, undefined, '服务器繁忙，请稍后重试'],
    [0, undefined, '网络连接失败，请检查网络后重试'],
    [-1, undefined, '网络连接失败，请检查网络后重试'],
    [Number.NaN, undefined, '网络连接失败，请检查网络后重试'],
  ] as const)('%d with %j → %s', (status, serverMessage, expected) => {
    expect(messageForHttpStatus(status, serverMessage)).toBe(expected);
  });
});

describe('logsOutOnStatus', () => {
  it.each([
    [401, true],
    [403, false],
    [413, false],
    [500, false],
  ])('%d → %s', (status, expected) => {
    expect(logsOutOnStatus(status)).toBe(expected);
  });
});
