import { createTheme } from '@mantine/core';

// System CJK fonts first: the app never downloads a web font for its interface.
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});
