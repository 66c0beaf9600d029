// The window's inner height, read at once and followed on resize: the list table is this minus
// 300 high (§2.2). Read during render, so the first render already has it (a hook that reads it
// in an effect renders the page twice on every route change).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useWindowHeight(): number {
  return useSyncExternalStore(subscribe, () => window.innerHeight);
}
