import { Heading } from 'react-aria-components';
import { Button } from '../Button/Button';
import { SpinnerIcon } from '../icons/icons';
import { Logo } from '../Logo/Logo';

export interface LoginScreenProps {
  /** Single sign-on is starting (or a session is being created): shows 'Signing you in…'. */
  isSigningIn?: boolean;
  /** Starts single sign-on again; shown as the 'Login' button when not signing in. */
  onLogin: () => void;
  /** Product title. @default 'Digital Assistant' */
  title?: string;
}

/** The sign-in screen: a centred card with the product title and either progress or a 'Login' button. */
export function LoginScreen({ isSigningIn = false, onLogin, title = 'Digital Assistant' }: LoginScreenProps) {
  return (
    <main className="da-auth-screen" data-state={isSigningIn ? 'signing-in' : 'idle'}>
      <section className="da-auth-card" aria-labelledby="da-login-title">
        <Logo size={48} />
        <Heading level={1} id="da-login-title" className="da-auth-title">
          {title}
        </Heading>
        <p className="da-auth-subtitle">Your internal AI assistant</p>
        {isSigningIn ? (
          <p className="da-auth-progress" role="status">
            <SpinnerIcon />
            Signing you in…
          </p>
        ) : (
          <Button variant="primary" className="da-auth-button" onPress={onLogin}>
            Login
          </Button>
        )}
      </section>
    </main>
  );
}
