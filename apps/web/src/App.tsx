/**
 * The reference app: one SDK client, the headless provider, react-aria's router bridge, and the
 * route table of the headless package rendered screen by screen.
 */
import { DigitalAssistantProvider } from '@digital-assistant/react';
import { type AuthResponse, createClient, type DigitalAssistantClient } from '@digital-assistant/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from './AppRoutes';

export interface AppProps {
  /** The API client; by default one for the page's own origin. */
  client?: DigitalAssistantClient;
  /** Sends the browser to the identity provider; by default `location.assign`. */
  redirect?: (url: string) => void;
  /** The session's answer when the page already has it (`GET /api/auth` asked at start-up). */
  auth?: AuthResponse;
  /** The server-state cache, when the app fills it before the first render; by default a new one. */
  queryClient?: QueryClient;
}

export function App(props: AppProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Where sign-in leads back to when the session fails or ends while in use.
  const current = useRef(location);
  current.current = location;
  const [client] = useState(() => props.client ?? createClient({ baseUrl: '' }));
  return (
    <DigitalAssistantProvider
      client={client}
      redirect={props.redirect}
      // The way to sign-in is not a page to come Back to.
      navigate={(to, options) => navigate(to, { replace: options?.replace ?? to.startsWith('/login') })}
      currentPath={() => `${current.current.pathname}${current.current.search}`}
      windowWidth={window.innerWidth}
      auth={props.auth}
      queryClient={props.queryClient}
    >
      <RouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
        <AppRoutes />
      </RouterProvider>
    </DigitalAssistantProvider>
  );
}
