// Where the menu sits on wide screens: in the header (the spec's default, "horizontal layout")
// or as a sidebar, a preference the user picks in the user menu. Kept on the device, and shared by
// every component of the tab through a tiny store, so the header and the frame change together.
import { useSyncExternalStore } from 'react';
import { readPersisted, writePersisted } from '../../platform/persisted';

export type NavLayout = 'horizontal' | 'sidebar';

export const NAV_LAYOUT_LABELS: Record<NavLayout, string> = {
  horizontal: '顶部菜单',
  sidebar: '侧边菜单',
};

const listeners = new Set<() => void>();
let current: NavLayout | null = null;

function read(): NavLayout {
  current ??= readPersisted('navLayout') ?? 'horizontal';
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setNavLayout(layout: NavLayout): void {
  current = layout;
  writePersisted('navLayout', layout);
  for (const listener of listeners) listener();
}

export function useNavLayout(): NavLayout {
  return useSyncExternalStore(subscribe, read, read);
}
