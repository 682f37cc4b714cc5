import { signInErrorMessage, useLogin } from '@digital-assistant/react';
import { LoginScreen } from '@digital-assistant/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /login: with e-mail and name (the SSO callback's redirect) the session is completed; without
 * them single sign-on starts. Failures are only logged (spec section 8), the Login button retries.
 * A sign-in the server refused comes back with `?error=` (a deactivated account): the screen says
 * why and waits for the Login button instead of starting single sign-on again.
 */
export function LoginScreenRoute() {
  const [search] = useSearchParams();
  const { login, startSso, isSigningIn } = useLogin();
  const email = search.get('email');
  const name = search.get('name');
  const error = search.get('error');
  useEffect(() => {
    void login({ email, name, error });
  }, [login, email, name, error]);
  return (
    <LoginScreen
      isSigningIn={isSigningIn}
      onLogin={() => void startSso()}
      errorMessage={signInErrorMessage(error)}
    />
  );
}
