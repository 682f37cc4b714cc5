import { useLogin } from '@digital-assistant/react';
import { LoginScreen } from '@digital-assistant/ui';
import { useEffect, useRef } from 'react';
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
  // One attempt per query: starting SSO twice would replace the first attempt's state cookie.
  const attempted = useRef<string | null>(null);
  const loginRef = useRef(login);
  loginRef.current = login;
  useEffect(() => {
    const key = `${email}\n${name}`;
    if (attempted.current === key) return;
    attempted.current = key;
    void loginRef.current({ email, name });
  }, [email, name]);
  return <LoginScreen isSigningIn={isSigningIn} onLogin={() => void startSso()} />;
}
