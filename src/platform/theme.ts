// The Mantine theme of every screen, the config error page included (main.tsx renders that
// before App exists, so the theme sits in the platform, below both).
import { type CSSVariablesResolver, createTheme, Drawer, Modal } from '@mantine/core';
import { COMMON_LABELS } from '../domain/messages/common';

/** Every dialog's and drawer's × gets a name (axe button-name); a dialog may name it otherwise. */
const closeButtonProps = { 'aria-label': COMMON_LABELS.CLOSE };

// System CJK fonts first: the app never downloads a web font for its interface. Shade 8 of each
// colour, not Mantine's 6, so coloured text, links and filled buttons reach WCAG AA contrast
// (4.5:1) on white; dimmed text and error messages likewise.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
