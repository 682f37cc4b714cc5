/** Personal access tokens: generating one, the token popup, and listing/revoking (extensions). */

import {
  adminMessages,
  createTokenOverlayStore,
  maskToken,
  type TokenOverlayState,
} from '@digital-assistant/core';
import {
  type DigitalAssistantClient,
  type DigitalAssistantError,
  type ExtensionResult,
  type GenerateTokenResponse,
  listMyTokens,
  type PersonalAccessToken,
  unwrap,
} from '@digital-assistant/sdk';
import {
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { useCoreContext } from '../core/context';
import { invalidate, queryKeys } from '../core/server-state';
import { useStore } from '../core/use-store';

/** Options of a new token; both are extension parameters that older servers ignore. */
export interface GenerateTokenInput {
  /** A label for the token. */
  name?: string;
  /** Lifetime in days (1 to 365); the server's default when absent. */
  expiresInDays?: number;
}

/**
 * Generates a personal access token for the signed-in user (`GET /api/users/generatetoken`).
 * Show the answer with {@link useTokenOverlay}: `generate.mutate({}, { onSuccess: overlay.show })`.
 * Reports 'Error generating token.' on failure.
 */
export function useGenerateToken(): UseMutationResult<
  GenerateTokenResponse,
  DigitalAssistantError,
  GenerateTokenInput | undefined
> {
  const { client, notices } = useCoreContext('useGenerateToken');
  const queryClient = useQueryClient();
  return useMutation<GenerateTokenResponse, DigitalAssistantError, GenerateTokenInput | undefined>({
    mutationFn: (input) => {
      const query: { name?: string; expires_in_days?: number } = {};
      if (input?.name) query.name = input.name;
      if (input?.expiresInDays !== undefined) query.expires_in_days = input.expiresInDays;
      return unwrap(client.GET('/api/users/generatetoken', { params: { query } }));
    },
    onSuccess: () => invalidate(queryClient, queryKeys.tokens(), queryKeys.audit()),
    onError: () => void notices.push('error', adminMessages.generateTokenError),
  });
}

/** What {@link useTokenOverlay} returns. */
export interface UseTokenOverlayResult extends TokenOverlayState {
  /** The token as it should be shown now: masked until toggled. */
  displayToken: string;
  /** Popup title: 'Token Creation Successful'. */
  title: string;
  show: (generated: { personal_access_token: string; message?: string }) => void;
  close: () => void;
  toggleMasked: () => void;
  /**
   * Copies through the provider's clipboard; then `copyNotice` is 'Token copied to clipboard!', for
   * the popup to show (it is not pushed to the notices too, which would say it twice). A refused
   * copy is reported as 'Error copying token.'.
   */
  copy: () => Promise<boolean>;
}

/** The 'Token Creation Successful' popup: hidden until shown, masked until toggled, copyable. */
export function useTokenOverlay(): UseTokenOverlayResult {
  const { clipboard, notices, logger } = useCoreContext('useTokenOverlay');
  const [store] = useState(() =>
    createTokenOverlayStore({
      clipboard,
      onCopyFailed: (error) => {
        logger.error('Copying the token failed', error);
        notices.push('error', adminMessages.copyTokenError);
      },
    }),
  );
  const state = useStore(store);
  return {
    ...state,
    displayToken: state.isMasked ? maskToken(state.token) : state.token,
    title: adminMessages.tokenPopupTitle,
    show: store.show,
    close: store.close,
    toggleMasked: store.toggleMasked,
    copy: store.copy,
  };
}

/** The signed-in user's tokens as the SDK's `listMyTokens` answers them (`unsupported` on a server without it). */
export type MyTokensData = ExtensionResult<{ tokens: PersonalAccessToken[] }>;

/** What {@link useMyTokens} returns. */
export type UseMyTokensResult = UseQueryResult<MyTokensData, DigitalAssistantError> & {
  tokens: PersonalAccessToken[];
  /** `undefined` until the server has answered. */
  isSupported: boolean | undefined;
};

const noTokens: PersonalAccessToken[] = [];

/**
 * The signed-in user's tokens as TanStack Query options (the SDK's `listMyTokens`), shared by
 * {@link useMyTokens} and prefetching.
 * @example await queryClient.prefetchQuery(myTokensQueryOptions(client));
 */
export function myTokensQueryOptions(client: DigitalAssistantClient) {
  return queryOptions<MyTokensData, DigitalAssistantError>({
    queryKey: queryKeys.tokens(),
    queryFn: () => listMyTokens(client),
    refetchOnWindowFocus: false,
  });
}

/** The signed-in user's personal access tokens (extension `GET /api/users/tokens`, feature-detected). */
export function useMyTokens(options: { enabled?: boolean } = {}): UseMyTokensResult {
  const { client } = useCoreContext('useMyTokens');
  const query = useQuery({ ...myTokensQueryOptions(client), enabled: options.enabled });
  const tokens = query.data?.data?.tokens ?? noTokens;
  return { ...query, tokens, isSupported: query.data ? !query.data.unsupported : undefined };
}

/**
 * Revokes one of the signed-in user's tokens by id (extension `POST /api/users/tokens/revoke`).
 * Reports 'Token revoked.' or 'Error revoking token.'.
 */
export function useRevokeToken(): UseMutationResult<void, DigitalAssistantError, string> {
  const { client, notices } = useCoreContext('useRevokeToken');
  const queryClient = useQueryClient();
  return useMutation<void, DigitalAssistantError, string>({
    mutationFn: async (id) => {
      await unwrap(client.POST('/api/users/tokens/revoke', { body: { id } }));
    },
    onSuccess: () => {
      notices.push('success', adminMessages.tokenRevoked);
      return invalidate(queryClient, queryKeys.tokens(), queryKeys.audit());
    },
    onError: () => void notices.push('error', adminMessages.revokeTokenError),
  });
}
