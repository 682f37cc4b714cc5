import { useDeleteRoleGroup, useDeleteUser, useDeleteUsers } from '@digital-assistant/react';
import { ConfirmDialog } from '@digital-assistant/ui';
import { useRef } from 'react';

/** What the person asked to delete and has not confirmed yet. */
export type PendingDeletion =
  | { kind: 'user'; email: string }
  | { kind: 'users'; emails: readonly string[] }
  | { kind: 'roleGroup'; name: string };

export interface DeleteConfirmationProps {
  pending: PendingDeletion | null;
  /** The dialog closed, confirmed or not. */
  onDone: () => void;
  onUserDeleted?: (email: string) => void;
  /** The selected users were deleted (all of them: the server deletes all or none). */
  onUsersDeleted?: (emails: string[]) => void;
}

function confirmationText(subject: PendingDeletion | null): string {
  switch (subject?.kind) {
    case 'user':
      return `Are you sure you want to delete the user ${subject.email}?`;
    case 'users':
      return subject.emails.length === 1
        ? `Are you sure you want to delete the user ${subject.emails[0]}?`
        : `Are you sure you want to delete ${subject.emails.length} users?`;
    default:
      return `Are you sure you want to delete the role group ${subject?.name ?? ''}?`;
  }
}

/** The confirmation asked before deleting a user, the selected users or a role group; OK deletes, Cancel keeps. */
export function DeleteConfirmation({
  pending,
  onDone,
  onUserDeleted,
  onUsersDeleted,
}: DeleteConfirmationProps) {
  const deleteUser = useDeleteUser();
  const deleteUsers = useDeleteUsers({ onDeleted: onUsersDeleted });
  const deleteRoleGroup = useDeleteRoleGroup();
  // Keeps the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  const subject = shown.current;
  const text = confirmationText(subject);
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
        } else if (pending?.kind === 'users') deleteUsers.mutate(pending.emails);
        else if (pending?.kind === 'roleGroup') deleteRoleGroup.mutate(pending.name);
      }}
    />
  );
}
