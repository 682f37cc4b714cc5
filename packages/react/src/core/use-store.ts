import { useSyncExternalStore } from 'react';
import type { ReadableStore } from './store';

/** Subscribes a component to a store and returns its current snapshot. */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
