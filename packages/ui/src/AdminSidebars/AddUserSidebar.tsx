import { type AddUserForm, validateAddUser } from '@digital-assistant/react';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../Button/Button';
import { SelectField, TextInputField } from '../Field/Fields';
import { Sidebar } from '../Sidebar/Sidebar';

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
  const [isValidationShown, setValidationShown] = useState(false);
  const { isValid, errors } = validateAddUser(value);
  const shown = isValidationShown ? errors : {};
  return (
    <Sidebar
      isOpen={isOpen}
      onClose={() => {
        setValidationShown(false);
        onClose();
      }}
      title="Add User"
    >
      <Form
        className="da-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          setValidationShown(true);
          if (isValid) onSubmit(value);
        }}
      >
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
        <div className="da-form-actions">
          <Button type="submit" variant="primary" isPending={isSubmitting}>
            Submit
          </Button>
        </div>
      </Form>
    </Sidebar>
  );
}
