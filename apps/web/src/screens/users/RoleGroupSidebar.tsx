import {
  createRoleGroupErrorMessage,
  type RoleGroupForm,
  type UseAdminSidebarsResult,
  useCreateRoleGroup,
  useUpdateRoleGroup,
} from '@digital-assistant/react';
import { RoleSidebar } from '@digital-assistant/ui';

export interface RoleGroupSidebarProps {
  sidebars: UseAdminSidebarsResult;
  features: readonly string[];
  existingRoleNames: readonly string[];
}

/**
 * 'Create Role Group' or 'Editing Role {name}': saved by create, or by the add/remove diff when editing.
 * A name the server says exists is shown in the sidebar, as the sidebar's own check shows one.
 */
export function RoleGroupSidebar({ sidebars, features, existingRoleNames }: RoleGroupSidebarProps) {
  const createRoleGroup = useCreateRoleGroup({ reportsDuplicateName: false });
  const updateRoleGroup = useUpdateRoleGroup();
  const save = (form: RoleGroupForm) => {
    if (form.mode === 'create') {
      createRoleGroup.mutate({ name: form.name, features: form.features }, { onSuccess: sidebars.close });
    } else {
      updateRoleGroup.mutate(
        { name: form.name, previousFeatures: form.originalFeatures, features: form.features },
        { onSuccess: sidebars.close },
      );
    }
  };
  const createError = createRoleGroup.error;
  const duplicateName =
    createError?.code === 'conflict'
      ? createRoleGroupErrorMessage(createError, createRoleGroup.variables?.name ?? '')
      : null;
  return (
    <RoleSidebar
      isOpen={sidebars.open === 'roleGroup'}
      onClose={() => {
        createRoleGroup.reset();
        sidebars.close();
      }}
      value={sidebars.roleGroup}
      onNameChange={(name) => {
        createRoleGroup.reset();
        sidebars.setRoleGroupName(name);
      }}
      onFeaturesChange={sidebars.setRoleGroupFeatures}
      features={features}
      existingRoleNames={existingRoleNames}
      onSubmit={save}
      isSubmitting={createRoleGroup.isPending || updateRoleGroup.isPending}
      errorMessage={duplicateName}
    />
  );
}
