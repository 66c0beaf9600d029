// What the app offers to install: nothing once installed, the browser's prompt when it fired
// one, the 添加到主屏幕 steps in Safari on an iPhone or iPad, nothing in other browsers.
import { describe, expect, it } from 'vitest';
import { installOffer, isIosSafari } from './installPrompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('isIosSafari', () => {
  it('knows Safari on an iPhone and on an iPad that asks for desktop pages', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
  });

  it('leaves out other iOS browsers, a real Mac and Android', () => {
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(IPHONE_WECHAT, 5)).toBe(false);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('installOffer', () => {
  const env = (userAgent: string, standalone = false) => ({
    standalone,
    userAgent,
    maxTouchPoints: 5,
  });

  it('offers nothing once the app runs installed', () => {
    expect(installOffer(env(ANDROID_CHROME, true), true)).toBe('none');
    expect(installOffer(env(IPHONE_SAFARI, true), false)).toBe('none');
  });

  it("offers the browser's prompt when it fired one, else the iOS steps, else nothing", () => {
    expect(installOffer(env(ANDROID_CHROME), true)).toBe('prompt');
    expect(installOffer(env(ANDROID_CHROME), false)).toBe('none');
    expect(installOffer(env(IPHONE_SAFARI), false)).toBe('ios');
  });
});
