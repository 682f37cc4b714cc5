import { useLogoutRoute } from '@digital-assistant/react';
import { LoggedOutScreen } from '@digital-assistant/ui';
import { useNavigate } from 'react-router';

/**
 * /logout: first ends the session the browser may still hold (the route can be opened directly, or
 * from a bookmark), as the Logout button does; then the logged-out popup. Sign-in starts only when
 * the person presses Login.
 */
export function LogoutScreenRoute() {
  const navigate = useNavigate();
  const { isLoggingOut } = useLogoutRoute();
  if (isLoggingOut)
    return <div className="app-pending" role="status" aria-busy="true" aria-label="Logging out" />;
  return <LoggedOutScreen onLogin={() => navigate('/login')} />;
}
