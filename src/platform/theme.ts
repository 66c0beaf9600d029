// The Mantine theme of every screen, the config error page included (main.tsx renders that
// before App exists, so the theme sits in the platform, below both).
import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  Modal,
  PasswordInput,
} from '@mantine/core';
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
    // Its eye button is named in Chinese, as every other control (Mantine's is English).
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': COMMON_LABELS.SHOW_PASSWORD } },
    }),
  },
});

/**
 * The text colour of light variants (badges, tags, light buttons and alerts) on their pale
 * background. Mantine's is shade 6 to 9 depending on the colour; shade 9 reaches 4.5:1 for the
 * darker hues, while yellow, orange, lime, green, teal and cyan stay below it even at 9 (2.7:1 for
 * yellow), so those take a darker tone of their own hue (WCAG AA, checked by e2e/a11yClerk.spec.ts).
 */
const LIGHT_TEXT: Record<string, string> = {
  yellow: '#7a4d00',
  orange: '#9a3412',
  lime: '#3f6212',
  green: '#1e6b30',
  teal: '#086048',
  cyan: '#0a5866',
};
const PALETTE = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      PALETTE.map((c) => [
        `--mantine-color-${c}-light-color`,
        LIGHT_TEXT[c] ?? `var(--mantine-color-${c}-9)`,
      ]),
    ),
  },
  dark: {
    // Mantine's dark dimmed (dark 2) is 4.0:1 on the dark body; dark 1 reads at AA.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});
