import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_KEY } from '../session/session';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '600' },
});

/** The light/dark choice is remembered under the same key index.html reads before the first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
