// Users, role groups, personal access tokens and the audit log (issue 3). Until they land, each
// operation answers 501 not_implemented.
import { type Handlers, notImplementedHandler } from '../platform/http/contract.js';
import type { FeatureContext } from './context.js';

export function createAdministrationHandlers(_context: FeatureContext): Handlers {
  const administration = notImplementedHandler('Administration');
  return Object.fromEntries(
    [
      'listUserProfiles',
      'generateToken',
      'listMyTokens',
      'revokeToken',
      'createUser',
      'deleteUsers',
      'updateUserRoles',
      'listRoleGroups',
      'listFeatures',
      'viewRoleGroup',
      'createRoleGroup',
      'deleteRoleGroup',
      'updateRoleGroup',
      'listAuditEvents',
    ].map((operationId) => [operationId, administration]),
  );
}
