// Handing a made file to the system share sheet (WeChat, mail, AirDrop, …) where the browser can
// share files (`navigator.canShare({ files })`: Android Chrome, iOS Safari, Windows and ChromeOS);
// elsewhere the caller keeps its download. And telling WeChat's in-app browser apart: it cannot
// download files or keep the app offline, so the user is asked to open the system browser.

/** Whether this browser can hand `file` to its share sheet. */
export function canShareFile(
  file: File,
  nav: Navigator | undefined = globalThis.navigator,
): boolean {
  if (!nav || typeof nav.share !== 'function' || typeof nav.canShare !== 'function') return false;
  try {
    return nav.canShare({ files: [file] });
  } catch {
    return false;
  }
}

export type ShareOutcome = 'shared' | 'cancelled' | 'failed';

/** Opens the share sheet with the file; the user closing it is not a failure. */
export async function shareFile(
  file: File,
  nav: Navigator = globalThis.navigator,
): Promise<ShareOutcome> {
  try {
    await nav.share({ files: [file], title: file.name });
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/** WeChat's in-app browser (its user agent names MicroMessenger; WeCom's too). */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger\//.test(userAgent);
}
