// Copying a number to the clipboard (purchasing-core §8, settings-messaging-shared §8 "Copy"):
// the spec's two outcomes, 复制成功! and 复制失败，可能浏览器不支持!. A browser without the
// asynchronous clipboard (an insecure origin, an old browser) or one that refuses the write both
// count as failure. Kept apart from the button so the outcome is tested without a browser.
import { COMMON_MESSAGES } from '../../domain/messages/common';

/** What copying needs of `navigator.clipboard`. */
export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

export interface CopyOutcome {
  ok: boolean;
  message: string;
}

export async function copyText(
  clipboard: ClipboardLike | undefined,
  text: string,
): Promise<CopyOutcome> {
  if (!clipboard) return { ok: false, message: COMMON_MESSAGES.COPY_FAILED };
  try {
    await clipboard.writeText(text);
    return { ok: true, message: COMMON_MESSAGES.COPY_SUCCEEDED };
  } catch {
    return { ok: false, message: COMMON_MESSAGES.COPY_FAILED };
  }
}
