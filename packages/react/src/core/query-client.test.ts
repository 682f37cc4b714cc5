import { DigitalAssistantError } from '@digital-assistant/sdk';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries?.retry as (
  count: number,
  error: unknown,
) => boolean;

describe('createQueryClient', () => {
  it('retries a server or network failure once', () => {
    const serverError = new DigitalAssistantError('boom', { code: 'internal', status: 500 });
    const networkError = new DigitalAssistantError('offline', { code: 'network_error' });
    expect([retry(0, serverError), retry(1, serverError), retry(0, networkError)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('does not ask again after a 4xx answer', () => {
    expect(retry(0, new DigitalAssistantError('no', { code: 'forbidden', status: 403 }))).toBe(false);
    expect(retry(0, new DigitalAssistantError('who', { code: 'unauthenticated', status: 401 }))).toBe(false);
  });
});
