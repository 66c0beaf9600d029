// The shell's right-side panels as a context for the pages inside it: the to-do panel, and the
// slot the chat panel of an order or sheet opens in. A page asks for a panel;
// the shell owns where it shows and closes it on the next route change.
import { createContext, type ReactNode, useContext } from 'react';

export interface ShellPanels {
  openTodos(): void;
  /** Shows `content` (a chat panel) in the shell's right-side slot under `title`. */
  openChat(title: string, content: ReactNode): void;
  closeChat(): void;
}

export const ShellPanelsContext = createContext<ShellPanels | null>(null);

export function useShellPanels(): ShellPanels {
  const panels = useContext(ShellPanelsContext);
  if (!panels) throw new Error('useShellPanels outside the shell (src/features/shell/Shell.tsx)');
  return panels;
}
