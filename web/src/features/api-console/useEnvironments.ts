import { useCallback, useEffect, useState } from 'react';

/** One environment of an item's HTTP console: a base URL and `name=value` variables for `{{name}}`. */
export interface ConsoleEnvironment {
  name: string;
  baseUrl: string;
  variables: string;
}

interface Stored {
  active: number;
  environments: ConsoleEnvironment[];
}

const keyOf = (itemId: number) => `quire.apiConsole.environments.${itemId}`;
const EMPTY: Stored = { active: 0, environments: [{ name: 'default', baseUrl: '', variables: '' }] };

function load(itemId: number): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(itemId)) ?? 'null') as Stored | null;
    if (parsed && Array.isArray(parsed.environments) && parsed.environments.length) {
      const environments = parsed.environments.map((e) => ({
        name: String(e.name ?? ''),
        baseUrl: String(e.baseUrl ?? ''),
        variables: String(e.variables ?? ''),
      }));
      const active = Math.min(Math.max(0, Number(parsed.active) || 0), environments.length - 1);
      return { active, environments };
    }
  } catch {
    // A damaged entry starts over.
  }
  return EMPTY;
}

/** The item's environments, kept in this browser's localStorage (per item). */
export function useEnvironments(itemId: number) {
  const [state, setState] = useState<Stored>(() => load(itemId));
  useEffect(() => setState(load(itemId)), [itemId]);
  const persist = useCallback(
    (next: Stored) => {
      setState(next);
      try {
        localStorage.setItem(keyOf(itemId), JSON.stringify(next));
      } catch {
        // Storage full or blocked: the environment lasts for this visit.
      }
    },
    [itemId],
  );
  const current = state.environments[state.active] ?? EMPTY.environments[0]!;
  return {
    environments: state.environments,
    active: state.active,
    current,
    select: (index: number) => persist({ ...state, active: index }),
    update: (patch: Partial<ConsoleEnvironment>) =>
      persist({
        ...state,
        environments: state.environments.map((e, i) => (i === state.active ? { ...e, ...patch } : e)),
      }),
    add: (name: string) =>
      persist({
        active: state.environments.length,
        environments: [
          ...state.environments,
          { name, baseUrl: current.baseUrl, variables: current.variables },
        ],
      }),
    remove: () => {
      if (state.environments.length <= 1) return;
      const environments = state.environments.filter((_, i) => i !== state.active);
      persist({ active: 0, environments });
    },
  };
}
