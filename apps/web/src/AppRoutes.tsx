import { type RouteMatch, type RouteScreen, useRouteGuard } from '@digital-assistant/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HealthScreen } from './screens/HealthScreen';
import { AgentsScreen, DiscoverScreen } from './screens/LandingScreens';
import { LoginScreenRoute } from './screens/LoginScreenRoute';
import { LogoutScreenRoute } from './screens/LogoutScreenRoute';
import { NotYetAvailable } from './screens/NotYetAvailable';
import { Shell } from './screens/Shell';
import { StatusScreen } from './screens/StatusScreen';
import { TenantSettingsScreen } from './screens/TenantSettingsScreen';
import { TrainBotScreen } from './screens/TrainBotScreen';
import { UsersScreen } from './screens/UsersScreen';

function ChatTitle({ match }: { match: RouteMatch }) {
  return <>{match.params.department ? `Chat: ${match.params.department}` : 'Chat'}</>;
}

/** Screens inside the app shell, by the route table's screen name. */
const shellScreens: Record<
  Exclude<RouteScreen, 'login' | 'logout' | 'health'>,
  (match: RouteMatch) => ReactNode
> = {
  chat: (match) => <NotYetAvailable title={<ChatTitle match={match} />} capability="The chat" />,
  adminChat: () => <NotYetAvailable title="Admin Chat" capability="The admin chat" />,
  elk: () => <NotYetAvailable title="Elk Agent" capability="The ELK agent" />,
  agents: () => <AgentsScreen />,
  discover: () => <DiscoverScreen />,
  codeReview: () => <NotYetAvailable title="Code Review Agent" capability="The code review agent" />,
  users: () => <UsersScreen />,
  status: () => <StatusScreen />,
  trainBot: () => <TrainBotScreen />,
  tenantSettings: () => <TenantSettingsScreen />,
};

export function AppRoutes() {
  const location = useLocation();
  const decision = useRouteGuard(location.pathname);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const { screen } = decision.match.route;
  if (screen === 'login') return <LoginScreenRoute />;
  if (screen === 'logout') return <LogoutScreenRoute />;
  if (screen === 'health') return <HealthScreen />;
  if (decision.kind === 'pending')
    return <div className="app-pending" role="status" aria-busy="true" aria-label="Loading" />;
  return <Shell>{shellScreens[screen](decision.match)}</Shell>;
}
