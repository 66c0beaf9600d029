// Copying a number (src/features/common/copyText.ts): the spec's two messages, 复制成功! when the
// clipboard took the text, 复制失败，可能浏览器不支持! when it refused or does not exist.
import { describe, expect, it } from 'vitest';
import { type ClipboardLike, copyText } from '../../../src/features/common/copyText';

function clipboard(fails: boolean): ClipboardLike & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    writeText: async (text) => {
      if (fails) throw new DOMException('Write permission denied.', 'NotAllowedError');
      written.push(text);
    },
  };
}

describe('copyText', () => {
  it('copies the text and says 复制成功!', async () => {
    const board = clipboard(false);
    expect(await copyText(board, 'PO2024001')).toEqual({ ok: true, message: '复制成功!' });
    expect(board.written).toEqual(['PO2024001']);
  });

  it('a refused write says 复制失败，可能浏览器不支持!', async () => {
    expect(await copyText(clipboard(true), 'PO2024001')).toEqual({
      ok: false,
      message: '复制失败，可能浏览器不支持!',
    });
  });

  it('a browser without the clipboard says the same', async () => {
    expect(await copyText(undefined, 'XJ1')).toEqual({
      ok: false,
      message: '复制失败，可能浏览器不支持!',
    });
  });
});
