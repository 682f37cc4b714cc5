/**
 * The smallest store that `useSyncExternalStore` needs: a snapshot that is replaced (never
 * mutated) on change, and listeners told about it. Every store in this package is built on it.
 */

/** Read side of a store, the shape `useSyncExternalStore` consumes. */
export interface ReadableStore<T> {
  /** Registers a listener called after every change; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): T;
}

/** A store that can also be written. */
export interface WritableStore<T> extends ReadableStore<T> {
  /** Replaces the snapshot (or derives it from the previous one) and notifies listeners. */
  setState(next: T | ((previous: T) => T)): void;
}

/**
 * Creates a plain store holding one immutable snapshot.
 * @example
 * const counter = createStore({ count: 0 });
 * counter.setState((s) => ({ count: s.count + 1 }));
 */
export function createStore<T>(initial: T): WritableStore<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    setState(next) {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
  };
}
