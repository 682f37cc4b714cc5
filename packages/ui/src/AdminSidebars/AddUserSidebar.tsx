import { type AddUserForm, validateAddUser } from '@digital-assistant/react';
import { SelectField, TextInputField } from '../Field/Fields';
import { SidebarForm } from './SidebarForm';

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
export function AddUserSidebar({
  isOpen,
  onClose,
  value,
  onChange,
  roles,
  onSubmit,
  isSubmitting = false,
}: AddUserSidebarProps) {
  const { isValid, errors } = validateAddUser(value);
  return (
    <SidebarForm
      isOpen={isOpen}
      onClose={onClose}
      title="Add User"
      isValid={isValid}
      onSubmit={() => onSubmit(value)}
      isSubmitting={isSubmitting}
    >
      {(isValidationShown) => {
        const shown = isValidationShown ? errors : {};
        return (
          <>
            <TextInputField
              label="Email"
              type="email"
              name="email"
              autoComplete="off"
              isRequired
              value={value.email}
              onChange={(email) => onChange({ email })}
              errorMessage={shown.email}
            />
            <TextInputField
              label="Name"
              name="name"
              autoComplete="off"
              isRequired
              value={value.name}
              onChange={(name) => onChange({ name })}
              errorMessage={shown.name}
            />
            <SelectField
              label="Role"
              name="role"
              isRequired
              options={roles}
              value={value.role}
              onChange={(role) => onChange({ role })}
              errorMessage={shown.role}
            />
          </>
        );
      }}
    </SidebarForm>
  );
}
