// Whether the screen is phone-sized (below Mantine's `sm`, 48em): lists become cards there.
// Read at once, not after a first desktop render, so a phone never mounts the table; one media
// query list for the tab, so a route change asks the browser nothing.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 48em)';

let phoneQuery: MediaQueryList | undefined;

function query(): MediaQueryList {
  phoneQuery ??= window.matchMedia(PHONE_QUERY);
  return phoneQuery;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => query().matches);
}
