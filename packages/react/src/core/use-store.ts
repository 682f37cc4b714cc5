import type { ReadableStore } from '@digital-assistant/core';
import { useSyncExternalStore } from 'react';

/** Subscribes a component to a store and returns its current snapshot. */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
