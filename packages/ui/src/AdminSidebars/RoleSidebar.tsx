import {
  FEATURE_MULTISELECT_VISIBLE_ITEMS,
  featureLabel,
  type RoleGroupForm,
  roleGroupError,
  roleGroupSidebarTitle,
} from '@digital-assistant/react';
import { TextInputField } from '../Field/Fields';
import { MultiSelect } from '../MultiSelect/MultiSelect';
import { StatusBanner } from '../StatusBanner/StatusBanner';
import { SidebarForm } from './SidebarForm';

/** Props of `RoleSidebar`. */
export interface RoleSidebarProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Closes it (the caller resets the fields). */
  onClose: () => void;
  /** Field values and mode (controlled; the headless sidebars store's `roleGroup`). */
  value: RoleGroupForm;
  /** Called when the name is edited (create mode only: the field is disabled when editing). */
  onNameChange: (name: string) => void;
  /** Called with the new list of features. */
  onFeaturesChange: (features: string[]) => void;
  /** Feature names to choose from (e.g. from `GET /api/features`, or the headless KNOWN_FEATURES). */
  features: readonly string[];
  /** Names of the existing role groups, to refuse a duplicate before asking the server. */
  existingRoleNames?: readonly string[];
  /** Called with valid values when Submit is pressed. */
  onSubmit: (value: RoleGroupForm) => void;
  /** The role group is being saved: Submit shows progress. */
  isSubmitting?: boolean;
  /**
   * Why the server refused the last Submit (e.g. "Role 'staff' already exists."), shown where the
   * form's own check shows its problems. Clear it when the name changes.
   */
  errorMessage?: string | null;
}

/**
 * The role group sidebar: 'Create Role Group', or 'Editing Role {name}' with the name locked; a
 * searchable feature multiselect listing 8 items. Problems show the product's own messages
 * ('Invalid input vaules', "Role '{name}' already exists."), and so does the server's refusal.
 */
export function RoleSidebar({
  isOpen,
  onClose,
  value,
  onNameChange,
  onFeaturesChange,
  features,
  existingRoleNames = [],
  onSubmit,
  isSubmitting = false,
  errorMessage = null,
}: RoleSidebarProps) {
  const problem = roleGroupError(value, existingRoleNames);
  const isEditing = value.mode === 'edit';
  return (
    <SidebarForm
      isOpen={isOpen}
      onClose={onClose}
      title={roleGroupSidebarTitle(value)}
      isValid={problem === null}
      onSubmit={() => onSubmit(value)}
      isSubmitting={isSubmitting}
    >
      {(isValidationShown) => (
        <>
          <TextInputField
            label="Role Name"
            name="role"
            autoComplete="off"
            isRequired
            isDisabled={isEditing}
            value={value.name}
            onChange={onNameChange}
          />
          <MultiSelect
            label="Features"
            searchLabel="Search features"
            isRequired
            // One line per feature: its name with spaces ('role group view'), as the Roles table shows it.
            items={features.map((feature) => ({ id: feature, label: featureLabel(feature) }))}
            selectedKeys={value.features}
            onSelectionChange={onFeaturesChange}
            visibleItemCount={FEATURE_MULTISELECT_VISIBLE_ITEMS}
          />
          {isValidationShown && problem ? (
            <StatusBanner kind="error">{problem}</StatusBanner>
          ) : errorMessage ? (
            <StatusBanner kind="error">{errorMessage}</StatusBanner>
          ) : null}
        </>
      )}
    </SidebarForm>
  );
}
