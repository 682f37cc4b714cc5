import { type AddUserForm, validateAddUser } from '@digital-assistant/react';
import { TextInputField } from '../Field/Fields';
import { RoleSelectField, ValidatedSidebarForm } from './SidebarForm';

/** Props of `AddUserSidebar`. */
export interface AddUserSidebarProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Closes it (the caller resets the fields). */
  onClose: () => void;
  /** Field values (controlled; the headless sidebars store's `addUser`). */
  value: AddUserForm;
  /** Called with the edited fields. */
  onChange: (patch: Partial<AddUserForm>) => void;
  /** Role group names to choose from. */
  roles: readonly string[];
  /** Called with valid values when Submit is pressed. */
  onSubmit: (value: AddUserForm) => void;
  /** The user is being created: Submit shows progress. */
  isSubmitting?: boolean;
}

/** The 'Add User' sidebar: e-mail, name and role, all required. */
export function AddUserSidebar({ onChange, roles, ...form }: AddUserSidebarProps) {
  return (
    <ValidatedSidebarForm {...form} title="Add User" validate={validateAddUser}>
      {(shown) => (
        <>
          <TextInputField
            label="Email"
            type="email"
            name="email"
            autoComplete="off"
            isRequired
            value={form.value.email}
            onChange={(email) => onChange({ email })}
            errorMessage={shown.email}
          />
          <TextInputField
            label="Name"
            name="name"
            autoComplete="off"
            isRequired
            value={form.value.name}
            onChange={(name) => onChange({ name })}
            errorMessage={shown.name}
          />
          <RoleSelectField
            roles={roles}
            value={form.value.role}
            onChange={(role) => onChange({ role })}
            errorMessage={shown.role}
          />
        </>
      )}
    </ValidatedSidebarForm>
  );
}
