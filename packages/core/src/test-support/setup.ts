import { afterEach } from 'vitest';
import { assertNoContractViolations } from './api';

// A test whose fake server saw a request or gave an answer the contract refuses fails, even when the
// store under test swallowed the error.
afterEach(assertNoContractViolations);
