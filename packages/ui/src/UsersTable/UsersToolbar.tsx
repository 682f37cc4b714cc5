import { Toolbar } from 'react-aria-components';
import { Button } from '../Button/Button';
import { EditIcon, KeyIcon, PlusIcon, TrashIcon } from '../icons/icons';

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
}

/** Actions above the Users table: 'Add User', 'Modify User Roles', 'Generate Token'. */
export function UsersToolbar({
  onAddUser,
  onModifyUserRoles,
  onGenerateToken,
  selectedCount = 0,
  onDeleteSelected,
  isGeneratingToken = false,
}: UsersToolbarProps) {
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
          {selectedCount > 0 ? `Delete Selected (${selectedCount})` : 'Delete Selected'}
        </Button>
      ) : null}
    </Toolbar>
  );
}
