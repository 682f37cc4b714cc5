import {
  type ModifyRolesForm,
  USER_MULTISELECT_VISIBLE_ITEMS,
  type UserProfile,
  validateModifyRoles,
} from '@digital-assistant/react';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../Button/Button';
import { SelectField } from '../Field/Fields';
import { MultiSelect } from '../MultiSelect/MultiSelect';
import { Sidebar } from '../Sidebar/Sidebar';

export interface ModifyUserRolesSidebarProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Closes it (the caller resets the fields). */
  onClose: () => void;
  /** Field values (controlled; the headless sidebars store's `modifyRoles`). */
  value: ModifyRolesForm;
  /** Called with the edited fields. */
  onChange: (patch: Partial<ModifyRolesForm>) => void;
  /** Users to choose from. */
  users: readonly UserProfile[];
  /** Role group names to choose from. */
  roles: readonly string[];
  /** Called with valid values when Submit is pressed. */
  onSubmit: (value: ModifyRolesForm) => void;
  /** The roles are being updated: Submit shows progress. */
  isSubmitting?: boolean;
}

/** The 'Modify User Roles' sidebar: a searchable user multiselect (6 items listed) and a role. */
export function ModifyUserRolesSidebar({
  isOpen,
  onClose,
  value,
  onChange,
  users,
  roles,
  onSubmit,
  isSubmitting = false,
}: ModifyUserRolesSidebarProps) {
  const [isValidationShown, setValidationShown] = useState(false);
  const { isValid, errors } = validateModifyRoles(value);
  const shown = isValidationShown ? errors : {};
  return (
    <Sidebar
      isOpen={isOpen}
      onClose={() => {
        setValidationShown(false);
        onClose();
      }}
      title="Modify User Roles"
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
        <MultiSelect
          label="Users"
          searchLabel="Search users"
          isRequired
          items={users.map((user) => ({
            id: user.email,
            label: user.name || user.email,
            description: user.email,
          }))}
          selectedKeys={value.emails}
          onSelectionChange={(emails) => onChange({ emails })}
          visibleItemCount={USER_MULTISELECT_VISIBLE_ITEMS}
          errorMessage={shown.emails}
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
