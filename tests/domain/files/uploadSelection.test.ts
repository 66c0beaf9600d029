import { describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, screenUploads } from '../../../src/domain/files/uploadSelection';

const MB = 1024 * 1024;
const file = (name: string, size = 10, type = 'image/png') => ({ name, size, type });

describe('screenUploads (settings-messaging-shared §5 "Upload")', () => {
  it('accepts files under 20 MB and refuses one of exactly 20 MB with the spec’s message', () => {
    const { accepted, refusals } = screenUploads(
      [file('a.png', 20 * MB - 1), file('b.png', 20 * MB)],
      [],
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(refusals).toEqual(['上传文件大小不能超过 20MB!']);
  });

  it('names the listed file a duplicate repeats, counting from 1, also among the new ones', () => {
    const { accepted, refusals } = screenUploads(
      [file('x.pdf'), file('c.png'), file('c.png')],
      [file('a.png'), file('x.pdf')],
    );
    expect(accepted.map((f) => f.name)).toEqual(['c.png']);
    expect(refusals).toEqual([
      '该文件已经存在,第2个文件为该文件',
      '该文件已经存在,第3个文件为该文件',
    ]);
  });

  it('stops at the count limit and says so once', () => {
    const { accepted, refusals } = screenUploads(
      [file('1.png'), file('2.png'), file('3.png'), file('4.png')],
      [file('0.png')],
      { limit: 2 },
    );
    expect(accepted.map((f) => f.name)).toEqual(['1.png']);
    expect(refusals).toEqual(['上传的文件数量限制为2']);
  });

  it('uses the default limit of 100', () => {
    const listed = Array.from({ length: 99 }, (_, i) => file(`${i}.png`));
    const { accepted, refusals } = screenUploads([file('new1.png'), file('new2.png')], listed);
    expect(accepted).toHaveLength(1);
    expect(refusals).toEqual(['上传的文件数量限制为100']);
  });

  it('takes only gif, jpeg, png and svg where images are asked for', () => {
    const { accepted, refusals } = screenUploads(
      [
        file('a.gif', 1, 'image/gif'),
        file('b.jpg', 1, 'image/jpeg'),
        file('c.svg', 1, 'image/svg+xml'),
        file('d.bmp', 1, 'image/bmp'),
        file('e.pdf', 1, 'application/pdf'),
        file('f.png', 1, ''),
      ],
      [],
      { imagesOnly: true },
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.gif', 'b.jpg', 'c.svg', 'f.png']);
    expect(refusals).toEqual([NOT_AN_IMAGE, NOT_AN_IMAGE]);
  });
});
