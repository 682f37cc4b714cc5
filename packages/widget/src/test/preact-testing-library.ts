/**
 * `@testing-library/react`'s `render`, `act` and `cleanup` for the tests' `preact` project (which
 * renders with Preact, as widget.js does): the same calls over Preact's own `render` and `act`, with
 * the DOM Testing Library queries. vitest.config.ts points `@testing-library/react` here.
 */
import { configure, getQueriesForElement } from '@testing-library/dom';
import { type ComponentChild, render as renderWithPreact } from 'preact';
import { act } from 'preact/test-utils';

export * from '@testing-library/dom';
export { act };

// Fired events run inside act(), so that renders and effects have happened after them. A wait only
// starts inside it: a whole wait inside act() would hold back every render until it ends.
configure({
  asyncWrapper: async (callback) => {
    let result: unknown;
    await act(() => {
      result = callback();
    });
    return result;
  },
  eventWrapper: (callback) => {
    let result: unknown;
    act(() => {
      result = callback();
    });
    return result;
  },
});

const mounted = new Set<HTMLElement>();

/** Renders `ui` into a new `<div>` at the end of the page. */
export function render(ui: ComponentChild) {
  const container = document.body.appendChild(document.createElement('div'));
  mounted.add(container);
  act(() => renderWithPreact(ui, container));
  return {
    container,
    baseElement: document.body,
    unmount: () => act(() => renderWithPreact(null, container)),
    ...getQueriesForElement(document.body),
  };
}

/** Unmounts and removes what `render` rendered (setup.ts calls it after each test). */
export function cleanup() {
  for (const container of mounted) {
    act(() => renderWithPreact(null, container));
    container.remove();
  }
  mounted.clear();
}
