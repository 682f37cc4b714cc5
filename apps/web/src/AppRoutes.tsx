import { type RouteMatch, type RouteScreen, useChatRoute, useRouteGuard } from '@digital-assistant/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { BootScreen } from './BootScreen';
import { ChatHeader } from './screens/chat/ChatHeader';
import { COMPOSER_IDS } from './screens/chat/composer-ids';
import { Shell } from './screens/Shell';

/*
 * Screens are loaded on demand: the initial JavaScript holds only the shell and the router (the size
 * check in `pnpm --filter @digital-assistant/web run check:size` keeps it at or under 200 kB gzipped).
 */
const ChatPanesScreen = lazy(() =>
  import('./screens/chat/ChatScreens').then((module) => ({ default: module.ChatPanesScreen })),
);
const AdminChatScreen = lazy(() =>
  import('./screens/chat/ChatScreens').then((module) => ({ default: module.AdminChatScreen })),
);
const ElkChatScreen = lazy(() =>
  import('./screens/chat/ChatScreens').then((module) => ({ default: module.ElkChatScreen })),
);
const AgentsScreen = lazy(() =>
  import('./screens/LandingScreens').then((module) => ({ default: module.AgentsScreen })),
);
const DiscoverScreen = lazy(() =>
  import('./screens/LandingScreens').then((module) => ({ default: module.DiscoverScreen })),
);
const UsersScreen = lazy(() =>
  import('./screens/UsersScreen').then((module) => ({ default: module.UsersScreen })),
);
const StatusScreen = lazy(() =>
  import('./screens/StatusScreen').then((module) => ({ default: module.StatusScreen })),
);
const TrainBotScreen = lazy(() =>
  import('./screens/TrainBotScreen').then((module) => ({ default: module.TrainBotScreen })),
);
const TenantSettingsScreen = lazy(() =>
  import('./screens/TenantSettingsScreen').then((module) => ({ default: module.TenantSettingsScreen })),
);
const FeedbackScreen = lazy(() =>
  import('./screens/FeedbackScreen').then((module) => ({ default: module.FeedbackScreen })),
);
const KnowledgeGapsScreen = lazy(() =>
  import('./screens/KnowledgeGapsScreen').then((module) => ({ default: module.KnowledgeGapsScreen })),
);
const LoginScreenRoute = lazy(() =>
  import('./screens/LoginScreenRoute').then((module) => ({ default: module.LoginScreenRoute })),
);
const LogoutScreenRoute = lazy(() =>
  import('./screens/LogoutScreenRoute').then((module) => ({ default: module.LogoutScreenRoute })),
);
const CodeReviewScreen = lazy(() =>
  import('./screens/CodeReviewScreen').then((module) => ({ default: module.CodeReviewScreen })),
);
const HealthScreen = lazy(() =>
  import('./screens/HealthScreen').then((module) => ({ default: module.HealthScreen })),
);

const pending = <BootScreen />;
const pendingContent = (
  <div className="app-pending-content" role="status" aria-busy="true" aria-label="Loading" />
);

/**
 * /chat and /chat/{department}: the chat store follows the route (PGA redirect) and the AI
 * conversation's address (`/chat?c=`); its selector in the header.
 */
function ChatRoute({ match }: { match: RouteMatch }) {
  const [search] = useSearchParams();
  const route = useChatRoute(match.params.department, search.get('c'));
  return (
    <Shell skipToComposer={COMPOSER_IDS[route.selection]} header={<ChatHeader route={route} />}>
      <Suspense fallback={pendingContent}>
        <ChatPanesScreen
          selection={route.selection}
          department={route.department}
          conversationNotice={route.conversationNotice}
          onDismissConversationNotice={route.dismissConversationNotice}
        />
      </Suspense>
    </Shell>
  );
}

/** Screens inside the app shell, by the route table's screen name. */
const shellScreens: Record<
  Exclude<RouteScreen, 'login' | 'logout' | 'health' | 'chat'>,
  { title?: ReactNode; render: () => ReactNode; composerId?: string }
> = {
  adminChat: {
    title: <h1>Admin Chat</h1>,
    render: () => <AdminChatScreen />,
    composerId: COMPOSER_IDS.admin,
  },
  elk: { title: <h1>Elk Agent</h1>, render: () => <ElkChatScreen />, composerId: COMPOSER_IDS.elk },
  agents: { render: () => <AgentsScreen /> },
  discover: { render: () => <DiscoverScreen /> },
  codeReview: { render: () => <CodeReviewScreen /> },
  users: { render: () => <UsersScreen /> },
  status: { render: () => <StatusScreen /> },
  trainBot: { render: () => <TrainBotScreen /> },
  tenantSettings: { render: () => <TenantSettingsScreen /> },
  feedback: { title: <h1>Feedback</h1>, render: () => <FeedbackScreen /> },
  knowledgeGaps: { title: <h1>Knowledge Gaps</h1>, render: () => <KnowledgeGapsScreen /> },
};

export function AppRoutes() {
  const location = useLocation();
  const decision = useRouteGuard(`${location.pathname}${location.search}`);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const { screen } = decision.match.route;
  if (screen === 'login' || screen === 'logout' || screen === 'health') {
    const Screen = { login: LoginScreenRoute, logout: LogoutScreenRoute, health: HealthScreen }[screen];
    return (
      <Suspense fallback={pending}>
        <Screen />
      </Suspense>
    );
  }
  if (decision.kind === 'pending') return pending;
  if (screen === 'chat') return <ChatRoute match={decision.match} />;
  const { title, render, composerId } = shellScreens[screen];
  return (
    <Shell title={title} skipToComposer={composerId}>
      <Suspense fallback={pendingContent}>{render()}</Suspense>
    </Shell>
  );
}
