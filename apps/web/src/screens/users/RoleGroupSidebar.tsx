import {
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

/** 'Create Role Group' or 'Editing Role {name}': saved by create, or by the add/remove diff when editing. */
export function RoleGroupSidebar({ sidebars, features, existingRoleNames }: RoleGroupSidebarProps) {
  const createRoleGroup = useCreateRoleGroup();
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
  return (
    <RoleSidebar
      isOpen={sidebars.open === 'roleGroup'}
      onClose={sidebars.close}
      value={sidebars.roleGroup}
      onNameChange={sidebars.setRoleGroupName}
      onFeaturesChange={sidebars.setRoleGroupFeatures}
      features={features}
      existingRoleNames={existingRoleNames}
      onSubmit={save}
      isSubmitting={createRoleGroup.isPending || updateRoleGroup.isPending}
    />
  );
}
