import { useSetUsersActive } from '@digital-assistant/react';
import { ConfirmDialog } from '@digital-assistant/ui';
import { useRef } from 'react';

/** Users the person asked to deactivate or reactivate and has not confirmed yet. */
export interface PendingActivation {
  emails: readonly string[];
  /** `false` deactivates, `true` reactivates. */
  isActive: boolean;
}

export interface ActivationConfirmationProps {
  pending: PendingActivation | null;
  /** The dialog closed, confirmed or not. */
  onDone: () => void;
  /** The server changed the users (e.g. clear the selection). */
  onChanged?: (emails: string[]) => void;
}

function confirmationText({ emails, isActive }: PendingActivation): string {
  const who = emails.length === 1 ? `the user ${emails[0]}` : `${emails.length} users`;
  return isActive
    ? `Reactivate ${who}? They can sign in again.`
    : `Deactivate ${who}? They are signed out at once and cannot sign in until reactivated. Nothing is deleted.`;
}

/** The confirmation asked before deactivating or reactivating the selected users. */
export function ActivationConfirmation({ pending, onDone, onChanged }: ActivationConfirmationProps) {
  const setUsersActive = useSetUsersActive({ onChanged });
  // Keeps the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  const subject = shown.current;
  const verb = subject?.isActive ? 'Reactivate' : 'Deactivate';
  return (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onDone();
      }}
      title={verb}
      text={subject ? confirmationText(subject) : ''}
      confirmLabel={verb}
      isDestructive={!subject?.isActive}
      onConfirm={() => {
        if (pending) setUsersActive.mutate({ emails: pending.emails, isActive: pending.isActive });
      }}
    />
  );
}
