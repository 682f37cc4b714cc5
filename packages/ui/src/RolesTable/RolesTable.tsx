import { featureLabel } from '@digital-assistant/react';
import { Cell, Column, Row, Table, TableHeader, Toolbar } from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { ActionsColumn } from '../DataTable/ActionsColumn';
import { DataTableBody } from '../DataTable/DataTableBody';
import { EditIcon, PlusIcon, TrashIcon } from '../icons/icons';

/** A role group as `GET /api/roles/allgroups` lists it (the SDK's RoleGroupSummary). */
export interface RoleGroupRow {
  role_name: string;
  feature_names: readonly string[];
  /** Members holding the role (extension field; the column shows only when some row has it). */
  user_count?: number;
}

/** Props of `RolesTable`. */
export interface RolesTableProps {
  /** Role groups, in display order. */
  roles: readonly RoleGroupRow[];
  /** Opens 'Editing Role {name}' for a group. */
  onEditRole: (role: RoleGroupRow) => void;
  /** Asks to delete a group (confirm first). */
  onDeleteRole: (role: RoleGroupRow) => void;
  /** The list is being fetched. */
  isLoading?: boolean;
  /** A fetch error to show instead of rows. */
  error?: string | null;
  /** Feature chips shown per row before '+N more'. @default 4 */
  maxFeatureChips?: number;
}

/** The Roles table: each group's name, its features (count and chips), and edit and delete buttons. */
export function RolesTable({
  roles,
  onEditRole,
  onDeleteRole,
  isLoading = false,
  error = null,
  maxFeatureChips = 4,
}: RolesTableProps) {
  const hasUserCount = roles.some((role) => role.user_count !== undefined);
  return (
    <div className="da-table-container">
      <Table aria-label="Role groups" className="da-table">
        <TableHeader className="da-table-header">
          <Column isRowHeader className="da-table-column">
            Role
          </Column>
          <Column className="da-table-column">Features</Column>
          {hasUserCount ? <Column className="da-table-column da-table-numeric">Users</Column> : null}
          <ActionsColumn />
        </TableHeader>
        <DataTableBody
          items={roles}
          error={error}
          isLoading={isLoading}
          loadingMessage="Fetching role groups..."
          emptyMessage="No role groups yet."
        >
          {(role) => {
            const chips = role.feature_names.slice(0, maxFeatureChips);
            const more = role.feature_names.length - chips.length;
            return (
              <Row id={role.role_name} className="da-table-row">
                <Cell className="da-table-cell da-table-cell-strong">{role.role_name}</Cell>
                <Cell className="da-table-cell">
                  <div className="da-feature-cell">
                    <span className="da-feature-count">
                      {role.feature_names.length === 1
                        ? '1 feature'
                        : `${role.feature_names.length} features`}
                    </span>
                    <span className="da-chip-list">
                      {chips.map((feature) => (
                        <span key={feature} className="da-chip">
                          {featureLabel(feature)}
                        </span>
                      ))}
                      {more > 0 ? (
                        <span className="da-chip" data-variant="more">
                          +{more} more
                        </span>
                      ) : null}
                    </span>
                  </div>
                </Cell>
                {hasUserCount ? (
                  <Cell className="da-table-cell da-table-numeric">{role.user_count ?? '—'}</Cell>
                ) : null}
                <Cell className="da-table-cell da-table-actions">
                  <IconButton
                    aria-label={`Edit ${role.role_name}`}
                    size="sm"
                    onPress={() => onEditRole(role)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete ${role.role_name}`}
                    size="sm"
                    onPress={() => onDeleteRole(role)}
                  >
                    <TrashIcon />
                  </IconButton>
                </Cell>
              </Row>
            );
          }}
        </DataTableBody>
      </Table>
    </div>
  );
}

/** Props of `RolesToolbar`. */
export interface RolesToolbarProps {
  /** Opens the 'Create Role Group' sidebar. */
  onCreateRole: () => void;
}

/** Actions above the Roles table. */
export function RolesToolbar({ onCreateRole }: RolesToolbarProps) {
  return (
    <Toolbar aria-label="Role group actions" className="da-toolbar">
      <Button variant="primary" onPress={onCreateRole}>
        <PlusIcon />
        Create Role Group
      </Button>
    </Toolbar>
  );
}
