// The installed app's icon shows the to-dos waiting (issue 20 item 4): the Badging API's
// `navigator.setAppBadge`, where the browser has it (Chromium and Edge for an installed app,
// Safari on iOS 16.4+ for a home-screen app with notifications allowed). Elsewhere nothing
// happens, and the header's badge stays the place to look.
import { useEffect } from 'react';

type Badging = {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Shows `count` on the app icon, or clears it at 0; a refusal (not installed) is ignored. */
export function showAppBadge(target: Badging, count: number): void {
  const done = count > 0 ? target.setAppBadge?.(count) : target.clearAppBadge?.();
  done?.catch(() => undefined);
}

/** The app icon follows `count` while mounted, and is cleared when unmounted (signed out). */
export function useAppBadge(count: number): void {
  useEffect(() => {
    showAppBadge(navigator as Badging, count);
  }, [count]);
  useEffect(() => () => showAppBadge(navigator as Badging, 0), []);
}
