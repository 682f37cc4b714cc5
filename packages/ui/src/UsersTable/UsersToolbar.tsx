import { Toolbar } from 'react-aria-components';
import { Button } from '../Button/Button';
import { BlockIcon, CheckIcon, EditIcon, KeyIcon, PlusIcon, TrashIcon } from '../icons/icons';

/** Props of `UsersToolbar`. */
export interface UsersToolbarProps {
  /** Opens the Add User sidebar. */
  onAddUser: () => void;
  /** Opens the Modify User Roles sidebar (with the selected users). */
  onModifyUserRoles: () => void;
  /** Generates a personal access token. */
  onGenerateToken: () => void;
  /** Number of selected rows; shown on 'Delete Selected'. @default 0 */
  selectedCount?: number;
  /** Deletes the selected users (after confirmation); the button is shown only when given. */
  onDeleteSelected?: () => void;
  /** A token is being generated. */
  isGeneratingToken?: boolean;
  /**
   * Deactivates the selected users (after confirmation); shown only when given, i.e. when the
   * server deactivates users.
   */
  onDeactivateSelected?: () => void;
  /** Reactivates the selected users (after confirmation); shown only when given. */
  onReactivateSelected?: () => void;
}

/**
 * Actions above the Users table: 'Add User', 'Modify User Roles', 'Generate Token', and for the
 * selected users 'Delete Selected', 'Deactivate Selected' and 'Reactivate Selected' when offered.
 */
export function UsersToolbar({
  onAddUser,
  onModifyUserRoles,
  onGenerateToken,
  selectedCount = 0,
  onDeleteSelected,
  isGeneratingToken = false,
  onDeactivateSelected,
  onReactivateSelected,
}: UsersToolbarProps) {
  const count = (label: string) => (selectedCount > 0 ? `${label} (${selectedCount})` : label);
  return (
    <Toolbar aria-label="User actions" className="da-toolbar">
      <Button variant="primary" onPress={onAddUser}>
        <PlusIcon />
        Add User
      </Button>
      <Button onPress={onModifyUserRoles}>
        <EditIcon />
        Modify User Roles
      </Button>
      <Button onPress={onGenerateToken} isPending={isGeneratingToken}>
        <KeyIcon />
        Generate Token
      </Button>
      {onDeleteSelected ? (
        <Button variant="ghost" onPress={onDeleteSelected} isDisabled={selectedCount === 0}>
          <TrashIcon />
          {count('Delete Selected')}
        </Button>
      ) : null}
      {onDeactivateSelected ? (
        <Button variant="ghost" onPress={onDeactivateSelected} isDisabled={selectedCount === 0}>
          <BlockIcon />
          {count('Deactivate Selected')}
        </Button>
      ) : null}
      {onReactivateSelected ? (
        <Button variant="ghost" onPress={onReactivateSelected} isDisabled={selectedCount === 0}>
          <CheckIcon />
          {count('Reactivate Selected')}
        </Button>
      ) : null}
    </Toolbar>
  );
}
