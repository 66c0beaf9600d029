// The upload notices (src/features/sync/uploadNotices.ts): which files' uploads ended between two
// readings of the device (landed, refused, nothing on the first reading), and the words: one
// notice of each kind for all that ended together, 上传成功！ / 上传失败,请重试！ for product
// attachments, 文件上传成功 / 文件上传失败,请重试！ with other files, the file and the server's reason.
import { describe, expect, it } from 'vitest';
import type { FileUploadState } from '../../../src/data/files';
import {
  type FileUpload,
  uploadEnds,
  uploadNotices,
  uploadStages,
} from '../../../src/features/sync/uploadNotices';
import { blob, createSheet, entry, line } from '../../sync/core/fixtures';

const file = (id: string, uploaded = false, name = `${id}.png`): FileUploadState => ({
  id,
  name,
  documentType: 'PRODUCT_ATTACHMENT',
  uploaded,
});

const upload = (
  id: string,
  stage: FileUpload['stage'],
  extra: Partial<FileUpload> = {},
): FileUpload => ({
  id,
  name: `${id}.png`,
  documentType: 'PRODUCT_ATTACHMENT',
  stage,
  reason: null,
  ...extra,
});

const failure = (message: string) => ({ status: 422, code: 'BAD_FILE', message, serverRow: null });

describe('uploadStages', () => {
  it('reads uploaded, waiting, and refused from the entry that failed for it', () => {
    const saving = entry(
      1,
      createSheet(-1, { lines: [line({ attachments: [blob('a'), blob('b')] })] }),
      {
        status: 'failed',
        failure: failure('文件类型不支持'),
      },
    );
    const other = entry(2, createSheet(-2, { lines: [line({ attachments: [blob('c')] })] }));
    expect(uploadStages([file('a', true), file('b'), file('c')], [saving, other])).toEqual([
      upload('a', 'uploaded'),
      upload('b', 'refused', { reason: '文件类型不支持' }),
      upload('c', 'waiting'),
    ]);
  });
});

describe('uploadEnds', () => {
  it('the first reading is the baseline: nothing ended', () => {
    const ends = uploadEnds(null, [upload('a', 'uploaded'), upload('b', 'refused')]);
    expect(ends.landed).toEqual([]);
    expect(ends.refused).toEqual([]);
    expect([...ends.seen]).toEqual([
      ['a', 'uploaded'],
      ['b', 'refused'],
    ]);
  });

  it('a waiting file that is now uploaded landed; one refused failed; the rest did nothing', () => {
    const { seen } = uploadEnds(null, [
      upload('a', 'waiting'),
      upload('b', 'waiting'),
      upload('c', 'waiting'),
      upload('d', 'uploaded'),
    ]);
    const ends = uploadEnds(seen, [
      upload('a', 'uploaded'),
      upload('b', 'refused', { reason: 'x' }),
      upload('c', 'waiting'),
      upload('d', 'uploaded'),
    ]);
    expect(ends.landed.map((f) => f.id)).toEqual(['a']);
    expect(ends.refused.map((f) => f.id)).toEqual(['b']);
  });

  it('an outcome is told once; a retried refusal that lands is told again', () => {
    const first = uploadEnds(new Map([['a', 'waiting']]), [upload('a', 'refused')]);
    expect(first.refused).toHaveLength(1);
    expect(uploadEnds(first.seen, [upload('a', 'refused')]).refused).toEqual([]);
    const retried = uploadEnds(first.seen, [upload('a', 'waiting')]);
    expect(uploadEnds(retried.seen, [upload('a', 'uploaded')]).landed).toHaveLength(1);
  });

  it('a file first seen already uploaded (chosen and sent between two readings) landed', () => {
    expect(uploadEnds(new Map(), [upload('n', 'uploaded')]).landed.map((f) => f.id)).toEqual(['n']);
  });
});

describe('uploadNotices', () => {
  it('nothing ended, nothing said', () => {
    expect(uploadNotices([], [])).toEqual([]);
  });

  it('one product attachment: 上传成功！ with its name', () => {
    expect(uploadNotices([upload('a', 'uploaded')], [])).toEqual([
      { color: 'teal', title: '上传成功！', message: 'a.png' },
    ]);
  });

  it('many landing after a reconnect make one notice', () => {
    const landed = ['a', 'b', 'c', 'd', 'e'].map((id) => upload(id, 'uploaded'));
    expect(uploadNotices(landed, [])).toEqual([
      { color: 'teal', title: '上传成功！', message: 'a.png、b.png、c.png 等5个文件' },
    ]);
  });

  it('names the files in name order, whatever order the device read them in', () => {
    const landed = ['e', 'c', 'a', 'd', 'b'].map((id) => upload(id, 'uploaded'));
    expect(uploadNotices(landed, [])[0]?.message).toBe('a.png、b.png、c.png 等5个文件');
  });

  it('a chat file among them: 文件上传成功', () => {
    const chat = upload('m', 'uploaded', { documentType: 'TODO_ATTACHMENT' });
    expect(uploadNotices([upload('a', 'uploaded'), chat], [])[0]?.title).toBe('文件上传成功');
  });

  it('one refusal: 上传失败,请重试！ naming the file and the server’s reason', () => {
    const refused = upload('a', 'refused', { name: '图纸.pdf', reason: '文件类型不支持' });
    expect(uploadNotices([], [refused])).toEqual([
      {
        color: 'red',
        title: '上传失败,请重试！',
        message: '上传失败：图纸.pdf\n文件上传失败：文件类型不支持',
      },
    ]);
  });

  it('several refusals name the files; a chat file among them says 文件上传失败,请重试！', () => {
    const notices = uploadNotices(
      [upload('ok', 'uploaded')],
      [
        upload('a', 'refused', { reason: 'x' }),
        upload('m', 'refused', { documentType: 'TODO_ATTACHMENT' }),
      ],
    );
    expect(notices).toEqual([
      { color: 'teal', title: '上传成功！', message: 'ok.png' },
      { color: 'red', title: '文件上传失败,请重试！', message: '上传失败：a.png、m.png' },
    ]);
  });
});
