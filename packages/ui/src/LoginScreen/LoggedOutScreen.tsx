import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Logo } from '../Logo/Logo';

/** Props of `LoggedOutScreen`. */
export interface LoggedOutScreenProps {
  /** Starts signing in again. */
  onLogin: () => void;
  /** @default 'Logout' */
  title?: string;
  /** @default 'You have successfully logged out.' */
  text?: string;
}

/**
 * The logout route: the login backdrop with a logged-out popup ('Logout', 'You have successfully
 * logged out.' and a 'Login' button). Login is not started until the button is pressed.
 */
export function LoggedOutScreen({
  onLogin,
  title = 'Logout',
  text = 'You have successfully logged out.',
}: LoggedOutScreenProps) {
  return (
    <div className="da-auth-screen" data-state="logged-out">
      <ModalOverlay isOpen isDismissable={false} isKeyboardDismissDisabled className="da-modal-overlay">
        <Modal className="da-modal da-logged-out-popup">
          <Dialog className="da-dialog">
            <div className="da-logged-out-logo">
              <Logo size={40} />
            </div>
            <Heading slot="title" className="da-dialog-title">
              {title}
            </Heading>
            <p className="da-dialog-text">{text}</p>
            <div className="da-dialog-actions" data-align="stretch">
              <Button variant="primary" onPress={onLogin} autoFocus>
                Login
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
