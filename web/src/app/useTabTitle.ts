import { useEffect } from 'react';

export const APP_TITLE = 'Quire';

/**
 * The browser tab's title while the calling screen is shown: its parts (page, item...), most specific first,
 * then the app's name; empty parts are left out. The previous title comes back when the screen goes.
 */
export function useTabTitle(...parts: Array<string | null | undefined>): void {
  const title = [...parts.filter((part): part is string => !!part?.trim()), APP_TITLE].join(' - ');
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
