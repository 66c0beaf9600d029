import { describe, expect, it } from 'vitest';
import { canShareFile, isWeChatBrowser, shareFile } from './shareFile';

const pdf = new File([new Uint8Array([37, 80, 68, 70])], '报价单.pdf', { type: 'application/pdf' });

const navigatorWith = (parts: Partial<Navigator>) => parts as Navigator;

describe('sharing a file', () => {
  it('shares only where the browser says it can share this file', () => {
    expect(canShareFile(pdf, navigatorWith({}))).toBe(false);
    expect(canShareFile(pdf, navigatorWith({ share: async () => {} }))).toBe(false);
    const files = navigatorWith({ share: async () => {}, canShare: (d) => Boolean(d?.files) });
    expect(canShareFile(pdf, files)).toBe(true);
    const textOnly = navigatorWith({ share: async () => {}, canShare: (d) => !d?.files });
    expect(canShareFile(pdf, textOnly)).toBe(false);
    const throwing = navigatorWith({
      share: async () => {},
      canShare: () => {
        throw new TypeError('no files');
      },
    });
    expect(canShareFile(pdf, throwing)).toBe(false);
  });

  it('hands the file over under its name, and tells a closed sheet from a failure', async () => {
    const shared: ShareData[] = [];
    const ok = navigatorWith({
      share: async (data) => {
        if (data) shared.push(data);
      },
    });
    expect(await shareFile(pdf, ok)).toBe('shared');
    expect(shared).toEqual([{ files: [pdf], title: '报价单.pdf' }]);
    const closed = navigatorWith({
      share: async () => {
        throw new DOMException('closed', 'AbortError');
      },
    });
    expect(await shareFile(pdf, closed)).toBe('cancelled');
    const refused = navigatorWith({
      share: async () => {
        throw new DOMException('not allowed', 'NotAllowedError');
      },
    });
    expect(await shareFile(pdf, refused)).toBe('failed');
  });

  it('knows WeChat’s in-app browser by its user agent', () => {
    const wechat =
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
    expect(isWeChatBrowser(wechat)).toBe(true);
    const chrome =
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
    expect(isWeChatBrowser(chrome)).toBe(false);
  });
});
