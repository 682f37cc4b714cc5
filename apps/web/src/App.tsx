/**
 * The reference app: one SDK client, the headless provider, react-aria's router bridge, and the
 * route table of the headless package rendered screen by screen.
 */
import { DigitalAssistantProvider } from '@digital-assistant/react';
import { createClient } from '@digital-assistant/sdk';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { AppRoutes } from './AppRoutes';

export function App() {
  const navigate = useNavigate();
  const [client] = useState(() => createClient({ baseUrl: '' }));
  return (
    <DigitalAssistantProvider
      client={client}
      navigate={(to) => navigate(to, { replace: to === '/login' })}
      windowWidth={window.innerWidth}
    >
      <RouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
        <AppRoutes />
      </RouterProvider>
    </DigitalAssistantProvider>
  );
}
