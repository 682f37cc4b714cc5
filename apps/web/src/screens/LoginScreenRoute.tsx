import { signInErrorMessage, useLogin } from '@digital-assistant/react';
import { LoginScreen } from '@digital-assistant/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /login: with e-mail and name (the SSO callback's redirect) the session is completed; without
 * them single sign-on starts. Failures are only logged (spec section 8), the Login button retries.
 * A sign-in the server refused comes back with `?error=` (a deactivated account): the screen says
 * why and waits for the Login button instead of starting single sign-on again. `?returnTo=` (set by
 * the guard and by a session that ended mid-use) goes through single sign-on and is where the
 * completed session leads.
 */
export function LoginScreenRoute() {
  const [search] = useSearchParams();
  const { login, isSigningIn } = useLogin();
  const email = search.get('email');
  const name = search.get('name');
  const error = search.get('error');
  // Where the person was when the session failed or ended: single sign-on leads back there.
  const returnTo = search.get('returnTo');
  useEffect(() => {
    void login({ email, name, error, returnTo });
  }, [login, email, name, error, returnTo]);
  return (
    <LoginScreen
      isSigningIn={isSigningIn}
      onLogin={() => void login({ returnTo })}
      errorMessage={signInErrorMessage(error)}
    />
  );
}
