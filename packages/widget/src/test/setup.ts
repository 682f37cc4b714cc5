import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom lacks CSS.escape, which react-aria uses to look up elements by id.
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = {};
}
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/([^\w-])/g, '\\$1');
}

afterEach(() => cleanup());

// Let timers the components left pending (react-aria restores text selection and focus-visible
// state a few hundred milliseconds after a press) fire while this file's document still exists:
// on a loaded machine they otherwise run after jsdom is torn down and fail the run as an unhandled
// "document is not defined" although every test passed.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));
