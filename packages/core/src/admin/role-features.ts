/** Feature permissions of role groups: the known names and the add/remove diff of an edit. */

import { FEATURE_NAMES } from '@digital-assistant/sdk/features';

/**
 * The 36 feature names of the contract, used when the server cannot list its own
 * (the `GET /api/features` extension is missing).
 */
export const KNOWN_FEATURES = FEATURE_NAMES;

/** A feature name of {@link KNOWN_FEATURES}. */
export type KnownFeature = (typeof KNOWN_FEATURES)[number];

/** A readable label for a feature name: `role_group_view` -> `role group view`. */
export function featureLabel(feature: string): string {
  return feature.replaceAll('_', ' ');
}

/** Features to add and to remove to go from `previous` to `next` (each in `next`/`previous` order). */
export function diffFeatures(
  previous: readonly string[],
  next: readonly string[],
): { add: string[]; remove: string[] } {
  const before = new Set(previous);
  const after = new Set(next);
  return {
    add: [...after].filter((feature) => !before.has(feature)),
    remove: [...before].filter((feature) => !after.has(feature)),
  };
}

/** A body of `POST /api/roles/update`. */
export interface RoleGroupUpdateRequest {
  role_name: string;
  feature_names: string[];
  action: 'add' | 'remove';
}

/**
 * The calls that turn a role group's `previous` features into `next`: one `add`, one `remove`,
 * both, or none when nothing changed.
 */
export function roleGroupUpdateRequests(
  roleName: string,
  previous: readonly string[],
  next: readonly string[],
): RoleGroupUpdateRequest[] {
  const { add, remove } = diffFeatures(previous, next);
  const requests: RoleGroupUpdateRequest[] = [];
  if (add.length > 0) requests.push({ role_name: roleName, feature_names: add, action: 'add' });
  if (remove.length > 0) requests.push({ role_name: roleName, feature_names: remove, action: 'remove' });
  return requests;
}
