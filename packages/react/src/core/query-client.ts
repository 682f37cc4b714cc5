/** The TanStack Query client the provider creates when the app does not bring its own. */
import { isDigitalAssistantError } from '@digital-assistant/sdk';
import { QueryClient } from '@tanstack/react-query';

/**
 * Creates a QueryClient with this package's defaults: answers stay fresh for 30 s, and a failed
 * query is retried once, unless the server answered 4xx (asking again would not change it). An app
 * creates its own to fill it before the first render (the provider's `queryClient`).
 * @example
 * const queryClient = createQueryClient();
 * await queryClient.prefetchQuery(starterQuestionsQueryOptions(client));
 * render(<DigitalAssistantProvider client={client} queryClient={queryClient} navigate={navigate} />);
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(isDigitalAssistantError(error) && error.status !== undefined && error.status < 500),
      },
    },
  });
}
