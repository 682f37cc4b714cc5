import { LoggedOutScreen } from '@digital-assistant/ui';
import { useNavigate } from 'react-router';

/** /logout: the logged-out popup; sign-in starts only when the person presses Login. */
export function LogoutScreenRoute() {
  const navigate = useNavigate();
  return <LoggedOutScreen onLogin={() => navigate('/login')} />;
}
