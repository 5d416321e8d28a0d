import { useSyncExternalStore } from 'react';

/** A minimal observable store: enough for app-wide session state without another library. */
export function createStore<T extends object>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<T> | ((s: T) => Partial<T>)) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      listeners.forEach((l) => l());
    },
    reset() {
      state = initial;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T extends object, S>(
  store: ReturnType<typeof createStore<T>>,
  select: (s: T) => S,
): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
