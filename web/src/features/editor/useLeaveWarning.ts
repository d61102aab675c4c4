import { useEffect } from 'react';

/**
 * While the editor holds unsaved text, reloading or closing the tab asks first (the browser's own
 * question: its wording cannot be set). The local draft stays the safety net when the user leaves anyway.
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
