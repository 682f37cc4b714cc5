import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks CSS.escape, which react-aria's Modal uses.
if (!globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...globalThis.CSS,
    escape: (value: string) => value.replace(/[^\w-]/g, '\\$&'),
  };
}

// Whole pages render in jsdom here, and the first request of a test file also sets up the contract
// fake's checks: findBy*/waitFor get 5 s instead of 1 s so a busy machine does not fail them.
configure({ asyncUtilTimeout: 5_000 });

// The chat keeps drafts and the knowledge thread in sessionStorage: nothing carries to the next test.
afterEach(() => sessionStorage.clear());
