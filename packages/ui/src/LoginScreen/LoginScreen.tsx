import { Heading } from 'react-aria-components';
import { Button } from '../Button/Button';
import { SpinnerIcon } from '../icons/icons';
import { Logo } from '../Logo/Logo';
import { StatusBanner } from '../StatusBanner/StatusBanner';

/** Props of `LoginScreen`. */
export interface LoginScreenProps {
  /** Single sign-on is starting (or a session is being created): shows 'Signing you in…'. */
  isSigningIn?: boolean;
  /** Starts single sign-on again; shown as the 'Login' button when not signing in. */
  onLogin: () => void;
  /** Product title. @default 'Digital Assistant' */
  title?: string;
  /**
   * Why the last sign-in was refused (e.g. a deactivated account), shown as an error above the
   * Login button.
   */
  errorMessage?: string | null;
}

/**
 * The sign-in screen: a centred card with the product title and either progress or a 'Login'
 * button, with the reason of a refused sign-in above it when there is one.
 */
export function LoginScreen({
  isSigningIn = false,
  onLogin,
  title = 'Digital Assistant',
  errorMessage = null,
}: LoginScreenProps) {
  return (
    <main className="da-auth-screen" data-state={isSigningIn ? 'signing-in' : 'idle'}>
      <section className="da-auth-card" aria-labelledby="da-login-title">
        <Logo size={48} />
        <Heading level={1} id="da-login-title" className="da-auth-title">
          {title}
        </Heading>
        <p className="da-auth-subtitle">Your internal AI assistant</p>
        {errorMessage && !isSigningIn ? <StatusBanner kind="error">{errorMessage}</StatusBanner> : null}
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
