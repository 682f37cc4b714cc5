// The feature permissions of spec section 3 (contract `FeatureName`) and the role groups seeded
// with them. A role group holds feature names; every operation names the one it requires.

/** Every feature permission name, in the contract's order. */
export const FEATURES = [
  'landing',
  'index',
  'role_group_view',
  'role_group_create',
  'role_group_delete',
  'role_group_list_view',
  'role_group_update_add',
  'role_group_update_remove',
  'user_view',
  'user_update',
  'redis_read',
  'redis_write',
  'redis_delete',
  'redis_secrets',
  'chat',
  'chat_debug',
  'chat_admin',
  'train',
  'search',
  'show_file_status',
  'init_models',
  'token_creator',
  'profile_create',
  'profile_delete',
  'profile_update',
  'profile_view_all',
  'gdrive_data',
  'session_create',
  'session_validate',
  'session_end',
  'discourse_data',
  'elk_chat',
  'code_enhancement_upload',
  'chatgpt',
] as const;

export type Feature = (typeof FEATURES)[number];

const featureSet: ReadonlySet<string> = new Set(FEATURES);

export function isFeature(name: string): name is Feature {
  return featureSet.has(name);
}

/** The administrator role group: always holds every feature. */
export const ADMIN_ROLE = 'CORE_ADMINS';

const STAFF_FEATURES: Feature[] = [
  'landing',
  'index',
  'chat',
  'chatgpt',
  'search',
  'session_create',
  'session_validate',
  'session_end',
  'code_enhancement_upload',
  'token_creator',
];

/** Role groups created by the first start-up (admins may change STAFF and PGA afterwards). */
export const SEED_ROLE_GROUPS: ReadonlyArray<{ name: string; features: readonly Feature[] }> = [
  { name: ADMIN_ROLE, features: FEATURES },
  { name: 'STAFF', features: STAFF_FEATURES },
  // PGA holds staff's features; the PGA department is unlocked by the role name itself.
  { name: 'PGA', features: STAFF_FEATURES },
];
