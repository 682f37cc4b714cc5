import { assertNoContractViolations } from '@digital-assistant/core/test-support';
import { afterEach } from 'vitest';

// jsdom has no CSS.escape, which Testing Library's queries rely on.
if (typeof window !== 'undefined') {
  if (!globalThis.CSS) globalThis.CSS = {} as typeof CSS;
  globalThis.CSS.escape ??= (value: string) =>
    value.replace(/[^a-zA-Z0-9_-]/g, (character) => `\\${character}`);
}

// A test whose fake server saw a request or gave an answer the contract refuses fails, even when the
// hook under test swallowed the error.
afterEach(assertNoContractViolations);
