import { useDeleteRoleGroup, useDeleteUser } from '@digital-assistant/react';
import { ConfirmDialog } from '@digital-assistant/ui';
import { useRef } from 'react';

/** What the person asked to delete and has not confirmed yet. */
export type PendingDeletion = { kind: 'user'; email: string } | { kind: 'roleGroup'; name: string };

export interface DeleteConfirmationProps {
  pending: PendingDeletion | null;
  /** The dialog closed, confirmed or not. */
  onDone: () => void;
  onUserDeleted?: (email: string) => void;
}

/** The confirmation asked before deleting a user or a role group; OK deletes, Cancel keeps. */
export function DeleteConfirmation({ pending, onDone, onUserDeleted }: DeleteConfirmationProps) {
  const deleteUser = useDeleteUser();
  const deleteRoleGroup = useDeleteRoleGroup();
  // Keeps the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  const subject = shown.current;
  const text =
    subject?.kind === 'user'
      ? `Are you sure you want to delete the user ${subject.email}?`
      : `Are you sure you want to delete the role group ${subject?.name ?? ''}?`;
  return (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onDone();
      }}
      text={text}
      onConfirm={() => {
        if (pending?.kind === 'user') {
          const { email } = pending;
          deleteUser.mutate(email, { onSuccess: () => onUserDeleted?.(email) });
        } else if (pending?.kind === 'roleGroup') deleteRoleGroup.mutate(pending.name);
      }}
    />
  );
}
