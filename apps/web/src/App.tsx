/**
 * The reference app: one SDK client, the headless provider, react-aria's router bridge, and the
 * route table of the headless package rendered screen by screen.
 */
import { DigitalAssistantProvider } from '@digital-assistant/react';
import { createClient, type DigitalAssistantClient } from '@digital-assistant/sdk';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { AppRoutes } from './AppRoutes';

export interface AppProps {
  /** The API client; by default one for the page's own origin. */
  client?: DigitalAssistantClient;
  /** Sends the browser to the identity provider; by default `location.assign`. */
  redirect?: (url: string) => void;
}

export function App(props: AppProps) {
  const navigate = useNavigate();
  const [client] = useState(() => props.client ?? createClient({ baseUrl: '' }));
  return (
    <DigitalAssistantProvider
      client={client}
      redirect={props.redirect}
      navigate={(to) => navigate(to, { replace: to === '/login' })}
      windowWidth={window.innerWidth}
    >
      <RouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
        <AppRoutes />
      </RouterProvider>
    </DigitalAssistantProvider>
  );
}
