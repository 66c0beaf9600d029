// The Mantine theme of every screen, the config error page included (main.tsx renders that
// before App exists, so the theme sits in the platform, below both).
import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// System CJK fonts first: the app never downloads a web font for its interface. Shade 8 of each
// colour, not Mantine's 6, so coloured text, links and filled buttons reach WCAG AA contrast
// (4.5:1) on white; dimmed text and error messages likewise.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
