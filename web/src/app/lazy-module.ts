import { useEffect, useState } from 'react';

/**
 * A module loaded on first use, once per session. Unlike `React.lazy` + `<Suspense>`, the component that
 * needs it renders its own placeholder until it is there and is re-rendered by a state update when it
 * arrives. React 19 sometimes never retried a suspended `lazy` boundary after the chunk had loaded
 * (react/react#33020: a state update in an effect during the suspended render): the markdown page then
 * stayed a skeleton until the user navigated (issue #22's corpus journey caught it under load).
 */
export interface LazyModule<T> {
  /** The module if it has loaded. */
  peek(): T | undefined;
  /** Loads it (once; a failed load is tried again by the next call). */
  load(): Promise<T>;
}

export function lazyModule<T>(loader: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    peek: () => value,
    load() {
      pending ??= loader().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The module, or undefined while it loads. A failed load is thrown during render, so the nearest error
 * boundary shows it, as a failed `lazy` would.
 */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setArrived] = useState(0);
  const value = module.peek();
  useEffect(() => {
    if (value !== undefined) return;
    let current = true;
    module.load().then(
      () => current && setArrived((count) => count + 1),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [module, value]);
  if (failure) throw failure.error;
  return value;
}
