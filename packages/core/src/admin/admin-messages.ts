/**
 * Every message of the administration screens (spec section 8), in one place so the screens,
 * the hooks and the tests show the same text. Typos such as 'vaules' and 'updates' are the
 * product's wording and are kept on purpose.
 */
export const adminMessages = {
  fetchingUsers: 'Fetching user list...',
  fetchedUsers: 'Fetched users',
  fetchUsersError: 'Error fetching users',
  userAdded: (email: string) => `Successfully added user ${email}.`,
  addUserError: 'Error adding user',
  userDeleted: (email: string) => `Successfully deleted user ${email}.`,
  deleteUserError: (email: string) => `Error deleting user ${email}.`,
  userRolesUpdated: 'Successfully updates user roles.',
  updateUserRolesError: 'Error updating user roles.',
  roleInfoError: 'Error getting role information.',
  roleGroupCreated: 'Successfully created role group.',
  createRoleGroupError: 'Error creating role group',
  /** With `existingName` when the existing group is spelled otherwise ('staff' for 'STAFF'). */
  roleExists: (name: string, existingName: string = name) =>
    existingName === name
      ? `Role '${name}' already exists.`
      : `Role '${name}' already exists as '${existingName}'.`,
  invalidInput: 'Invalid input vaules',
  roleGroupUpdated: 'Successfully updated role group.',
  updateRoleGroupError: 'Error updating role group.',
  roleGroupDeleted: 'Successfully deleted role group',
  deleteRoleGroupError: (serverMessage: string) => `Error deleting role: ${serverMessage}`,
  tokenPopupTitle: 'Token Creation Successful',
  tokenCopied: 'Token copied to clipboard!',
  // Not in the spec's catalogue: the token and audit extensions need a few words of their own.
  generateTokenError: 'Error generating token.',
  tokenRevoked: 'Token revoked.',
  revokeTokenError: 'Error revoking token.',
  copyTokenError: 'Error copying token.',
  // Deactivation (an extension), worded like the deletion messages.
  userDeactivated: (email: string) => `Successfully deactivated user ${email}.`,
  deactivateUserError: (emails: string) => `Error deactivating user ${emails}.`,
  userReactivated: (email: string) => `Successfully reactivated user ${email}.`,
  reactivateUserError: (emails: string) => `Error reactivating user ${emails}.`,
} as const;

export type { NoticeKind } from '../notices';
