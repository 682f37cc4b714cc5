/** Validation of the administration forms: Add User, Modify User Roles, Create/Edit Role Group. */
import { adminMessages } from './admin-messages';

/** Items a multiselect shows before it scrolls, and its placeholder. */
export interface MultiselectConfig {
  visibleItems: number;
  placeholder: string;
}

/** Placeholder of every multiselect. */
export const MULTISELECT_PLACEHOLDER = 'Select';
/** Users listed at once by the Modify User Roles multiselect. */
export const USER_MULTISELECT_VISIBLE_ITEMS = 6;
/** Features listed at once by the role group multiselect. */
export const FEATURE_MULTISELECT_VISIBLE_ITEMS = 8;

/** The two multiselects of the Users and permissions page. */
export const multiselectConfig = {
  users: { visibleItems: USER_MULTISELECT_VISIBLE_ITEMS, placeholder: MULTISELECT_PLACEHOLDER },
  features: { visibleItems: FEATURE_MULTISELECT_VISIBLE_ITEMS, placeholder: MULTISELECT_PLACEHOLDER },
} as const satisfies Record<string, MultiselectConfig>;

/** Fields of the Add User sidebar (the body of `POST /api/users/create`). */
export interface AddUserForm {
  email: string;
  name: string;
  role: string;
}

/** Fields of the Modify User Roles sidebar (the body of `POST /api/users/roles/update`). */
export interface ModifyRolesForm {
  emails: string[];
  role: string;
}

/** Fields of the role group sidebar, in create or edit mode. */
export interface RoleGroupForm {
  mode: 'create' | 'edit';
  /** Locked (not editable) in edit mode. */
  name: string;
  features: string[];
  /** Features the role group had when editing started; the update diff is computed against them. */
  originalFeatures: string[];
}

/** Result of validating a form: per-field problems, and whether it can be submitted. */
export interface FormValidation<Field extends string> {
  isValid: boolean;
  errors: Partial<Record<Field, string>>;
}

/** Texts of the per-field problems (the spec says only which fields are required). */
export const formErrors = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  nameRequired: 'Name is required.',
  roleRequired: 'Role is required.',
  usersRequired: 'Select at least one user.',
} as const;

// The HTML living standard's definition of a valid e-mail address (what <input type="email"> checks).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Whether a string is an e-mail address as an `<input type="email">` accepts it. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

function result<Field extends string>(errors: Partial<Record<Field, string>>): FormValidation<Field> {
  return { isValid: Object.keys(errors).length === 0, errors };
}

/** Add User needs an e-mail (a valid one), a user name and a role. */
export function validateAddUser(form: AddUserForm): FormValidation<keyof AddUserForm> {
  const errors: Partial<Record<keyof AddUserForm, string>> = {};
  if (!form.email.trim()) errors.email = formErrors.emailRequired;
  else if (!isValidEmail(form.email)) errors.email = formErrors.emailInvalid;
  if (!form.name.trim()) errors.name = formErrors.nameRequired;
  if (!form.role.trim()) errors.role = formErrors.roleRequired;
  return result(errors);
}

/** Modify User Roles needs at least one user and a role. */
export function validateModifyRoles(form: ModifyRolesForm): FormValidation<keyof ModifyRolesForm> {
  const errors: Partial<Record<keyof ModifyRolesForm, string>> = {};
  if (form.emails.length === 0) errors.emails = formErrors.usersRequired;
  if (!form.role.trim()) errors.role = formErrors.roleRequired;
  return result(errors);
}

/**
 * How role names are compared: trimmed and regardless of case, so 'staff' is the existing 'STAFF'.
 * The reference server compares them the same way.
 */
export function roleNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** The existing role group a name would duplicate (see {@link roleNameKey}), or `undefined`. */
export function findSameRoleName(name: string, existingRoleNames: readonly string[]): string | undefined {
  const key = roleNameKey(name);
  return existingRoleNames.find((existing) => roleNameKey(existing) === key);
}

/**
 * The message that stops a role group from being saved, or `null` when it can be: a name and at
 * least one feature are needed ('Invalid input vaules'); a new group's name must not exist yet,
 * compared trimmed and regardless of case ("Role '{name}' already exists.", adding "as '{existing}'"
 * when spelled otherwise).
 */
export function roleGroupError(form: RoleGroupForm, existingRoleNames: readonly string[]): string | null {
  const name = form.name.trim();
  if (!name || form.features.length === 0) return adminMessages.invalidInput;
  const existing = form.mode === 'create' ? findSameRoleName(name, existingRoleNames) : undefined;
  if (existing !== undefined) return adminMessages.roleExists(name, existing);
  return null;
}

/** Title of the role group sidebar: 'Create Role Group', or 'Editing Role {name}'. */
export function roleGroupSidebarTitle(form: Pick<RoleGroupForm, 'mode' | 'name'>): string {
  return form.mode === 'edit' ? `Editing Role ${form.name}` : 'Create Role Group';
}
