// Installing the app (issue 22 item 4). Chromium browsers fire `beforeinstallprompt` when the app
// can be installed: it is kept (and the browser's own mini-bar suppressed) so the app offers
// 安装应用 itself, in the user menu and once on a phone. Safari on iOS has no such event: an
// iPhone or iPad not yet running the app from the home screen gets the 添加到主屏幕 steps instead.
// An app already running installed (standalone) offers nothing.
import { useSyncExternalStore } from 'react';

/** The event Chromium fires (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'prompt' | 'ios' | 'none';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** iPhone, iPod or iPad Safari (iPadOS says Macintosh but has touch), not another iOS browser. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple =
    /iPhone|iPod|iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return (
    apple && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|MicroMessenger/.test(userAgent)
  );
}

/** What this browser can offer now. */
export function installOffer(
  env: { standalone: boolean; userAgent: string; maxTouchPoints: number },
  promptKept: boolean,
): InstallOffer {
  if (env.standalone) return 'none';
  if (promptKept) return 'prompt';
  return isIosSafari(env.userAgent, env.maxTouchPoints) ? 'ios' : 'none';
}

function currentOffer(): InstallOffer {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return installOffer(
    { standalone, userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 },
    deferred !== null,
  );
}

/** Called once at boot, before the browser may fire the event. */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** Shows the browser's install dialog; true when the user installed the app. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  // A prompt can be shown once: the browser fires a new event when it may be offered again.
  deferred = null;
  notify();
  return outcome === 'accepted';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the app can offer now, kept current as the browser's events come. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none');
}
