/**
 * The contract's feature list as data, in its own entry (`@digital-assistant/sdk/features`) so apps
 * that never show it do not ship it.
 */
import type { FeatureName } from './types';

/**
 * Every feature permission name of the contract, in contract order. Clients use it when the server
 * lacks the `GET /api/features` extension.
 */
export const FEATURE_NAMES = [
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
  'knowledge_pga',
  'feedback_view',
] as const satisfies readonly FeatureName[];
