import { useLogin } from '@digital-assistant/react';
import { LoginScreen } from '@digital-assistant/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /login: with e-mail and name (the SSO callback's redirect) the session is completed; without
 * them single sign-on starts. Failures are only logged (spec section 8), the Login button retries.
 */
export function LoginScreenRoute() {
  const [search] = useSearchParams();
  const { login, startSso, isSigningIn } = useLogin();
  const email = search.get('email');
  const name = search.get('name');
  useEffect(() => {
    void login({ email, name });
  }, [login, email, name]);
  return <LoginScreen isSigningIn={isSigningIn} onLogin={() => void startSso()} />;
}
