import { describe, expect, it } from 'vitest';
import { AVATAR_CROP } from '../../../src/domain/files/avatar';
import {
  FILE_MESSAGES,
  uploadFailedFor,
  uploadFailedWithReason,
} from '../../../src/domain/files/messages';
import {
  DEFAULT_FILE_COUNT_LIMIT,
  DOCUMENT_TYPES,
  isImageFile,
  isRichTextImage,
  isUnderSizeLimit,
  MAX_FILE_SIZE_BYTES,
  validateDuplicateName,
  validateFileCount,
  validateFileSize,
} from '../../../src/domain/files/uploads';

const MB = 1024 * 1024;

describe('size limit', () => {
  it.each([
    [0, true, null],
    [20 * MB - 1, true, null],
    [20 * MB, false, '上传文件大小不能超过 20MB!'],
    [20 * MB + 1, false, '上传文件大小不能超过 20MB!'],
    [20_000_000, true, null],
  ])('%s bytes under limit: %s', (size, under, message) => {
    expect(isUnderSizeLimit(size)).toBe(under);
    expect(validateFileSize({ size })).toBe(message);
  });

  it('is 20 MiB', () => expect(MAX_FILE_SIZE_BYTES).toBe(20_971_520));
});

describe('file count', () => {
  it.each([
    [100, undefined, null],
    [101, undefined, '上传的文件数量限制为100'],
    [5, 5, null],
    [6, 5, '上传的文件数量限制为5'],
    [0, 1, null],
  ])('%s files with limit %s → %s', (count, limit, message) => {
    expect(validateFileCount(count, limit)).toBe(message);
  });

  it('defaults to 100', () => expect(DEFAULT_FILE_COUNT_LIMIT).toBe(100));
});

describe('validateDuplicateName', () => {
  const listed = [{ name: 'a.pdf' }, { name: 'b.png' }, { name: 'c.xlsx' }];
  it.each([
    ['a.pdf', '该文件已经存在,第1个文件为该文件'],
    ['c.xlsx', '该文件已经存在,第3个文件为该文件'],
    ['A.pdf', null],
    ['d.pdf', null],
  ])('%s → %s', (name, message) => expect(validateDuplicateName(name, listed)).toBe(message));

  it('accepts anything into an empty list', () =>
    expect(validateDuplicateName('a', [])).toBeNull());
});

describe('image types', () => {
  it.each([
    ['a.gif', 'image/gif', true],
    ['a.jpg', 'image/jpeg', true],
    ['a.png', 'image/png', true],
    ['a.svg', 'image/svg+xml', true],
    ['a.PNG', 'IMAGE/PNG', true],
    ['a.bmp', 'image/bmp', false],
    ['a.webp', 'image/webp', false],
    ['a.pdf', 'application/pdf', false],
    ['a.png', 'application/pdf', false],
    ['a.jpeg', '', true],
    ['a.JPG', '', true],
    ['a.svg', '', true],
    ['a.bmp', '', false],
    ['png', '', false],
  ])('%s (%j) is an image: %s', (name, type, ok) => expect(isImageFile({ name, type })).toBe(ok));

  it.each([
    ['a.jpg', true],
    ['a.jpeg', true],
    ['a.png', true],
    ['a.gif', true],
    ['a.bmp', true],
    ['a.BMP', true],
    ['a.svg', false],
    ['a.webp', false],
    ['noext', false],
  ])('%s in rich text: %s', (name, ok) => expect(isRichTextImage({ name })).toBe(ok));
});

describe('constants and messages', () => {
  it('document types', () => {
    expect(DOCUMENT_TYPES.TODO_ATTACHMENT).toBe('TODO_ATTACHMENT');
    expect(DOCUMENT_TYPES.PRODUCT_ATTACHMENT).toBe('PRODUCT_ATTACHMENT');
  });

  it('avatar crop', () => {
    expect(AVATAR_CROP).toMatchObject({
      width: 200,
      height: 200,
      outputType: 'png',
      dialogWidthPx: 900,
    });
  });

  it.each([
    [FILE_MESSAGES.UPLOAD_FAILED, '文件上传失败,请重试！'],
    [uploadFailedWithReason('磁盘已满'), '文件上传失败：磁盘已满'],
    [uploadFailedFor('报价单.pdf'), '上传失败：报价单.pdf'],
    [FILE_MESSAGES.IMAGE_UPLOADED, '图片上传成功！'],
    [FILE_MESSAGES.IMAGE_UPLOAD_FAILED, '图片上传失败,请重试！'],
    [FILE_MESSAGES.UPLOADED, '上传成功！'],
    [FILE_MESSAGES.UPLOAD_RETRY, '上传失败,请重试！'],
    [FILE_MESSAGES.FILE_DELETED, '文件已删除'],
    [FILE_MESSAGES.FILE_SAVED, '文件上传成功'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
