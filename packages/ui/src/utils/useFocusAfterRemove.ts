import { type RefObject, useEffect, useRef } from 'react';

/**
 * Keeps keyboard focus in a list whose items have their own Remove button: when one is removed (and
 * its button with it), focus goes to the Remove button now in its place, else to the previous one,
 * else to `fallbackSelector` (e.g. Browse), instead of being lost to the page or thrown back to the
 * first control of a dialog (react-aria's focus scope does that a frame later when focus is lost).
 * Remove buttons carry `data-remove-item`. `cleared()` does the same for a button that empties a
 * whole list and goes with it (Clear): focus goes to `fallbackSelector`.
 *
 * @example
 * const { rootRef, removed } = useFocusAfterRemove<HTMLDivElement>('[data-upload-browse]');
 * <IconButton data-remove-item onPress={() => { removed(index); onRemoveFile(file.id); }} />
 */
export function useFocusAfterRemove<T extends HTMLElement>(fallbackSelector: string) {
  const rootRef: RefObject<T | null> = useRef<T>(null);
  /** The index of the removed item, or 'fallback' when a whole list (and its Clear button) went. */
  const removedIndex = useRef<number | 'fallback' | null>(null);
  // After every commit: the one that removed the item is the one that matters.
  useEffect(() => {
    const index = removedIndex.current;
    const root = rootRef.current;
    if (index === null || !root) return;
    removedIndex.current = null;
    const buttons =
      index === 'fallback' ? [] : Array.from(root.querySelectorAll<HTMLElement>('[data-remove-item]'));
    const target =
      (index === 'fallback' ? undefined : buttons[Math.min(index, buttons.length - 1)]) ??
      root.querySelector<HTMLElement>(fallbackSelector);
    target?.focus();
  });
  const removed = (index: number) => {
    removedIndex.current = index;
  };
  /** A list went with the button that cleared it: focus goes to `fallbackSelector`. */
  const cleared = () => {
    removedIndex.current = 'fallback';
  };
  return { rootRef, removed, cleared };
}
