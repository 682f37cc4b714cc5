// Sample data for stories and tests (not exported from the package).
import type { UserProfile, UserRow } from '@digital-assistant/react';
import type { AuditLogEntry } from '../AuditLogTable/AuditLogTable';
import type { RoleGroupRow } from '../RolesTable/RolesTable';
import type { TokenRow } from '../TokensTable/TokensTable';

const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Tim',
];
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie'];
const roleCycle = ['STAFF', 'STAFF', 'PGA', 'STAFF', 'CORE_ADMINS'];

/** `count` user profiles with varied names and roles, in server order. */
export function sampleProfiles(count: number): UserProfile[] {
  return Array.from({ length: count }, (_, index) => {
    const first = firstNames[index % firstNames.length]!;
    const last = lastNames[(index * 3) % lastNames.length]!;
    return {
      email: `${first}.${last}${index + 1}@example.com`.toLowerCase(),
      name: `${first} ${last}`,
      role: roleCycle[index % roleCycle.length]!,
    };
  });
}

/** The same as table rows. */
export function sampleRows(count: number): UserRow[] {
  return sampleProfiles(count).map((profile) => ({
    userEmail: profile.email,
    userName: profile.name,
    userRole: profile.role,
  }));
}

export const sampleRoleNames = ['CORE_ADMINS', 'STAFF', 'PGA'];

export const sampleRoles: RoleGroupRow[] = [
  {
    role_name: 'CORE_ADMINS',
    feature_names: [
      'landing',
      'index',
      'role_group_view',
      'role_group_create',
      'role_group_delete',
      'user_view',
      'user_update',
      'chat',
      'chat_admin',
      'train',
      'token_creator',
      'profile_view_all',
    ],
    user_count: 2,
  },
  {
    role_name: 'STAFF',
    feature_names: [
      'landing',
      'index',
      'chat',
      'chatgpt',
      'search',
      'code_enhancement_upload',
      'token_creator',
    ],
    user_count: 41,
  },
  { role_name: 'PGA', feature_names: ['landing', 'index', 'chat', 'chatgpt', 'search'], user_count: 17 },
];

export const sampleFeatures = [
  'landing',
  'index',
  'role_group_view',
  'role_group_create',
  'role_group_delete',
  'role_group_list_view',
  'user_view',
  'user_update',
  'chat',
  'chat_admin',
  'chatgpt',
  'search',
  'train',
  'token_creator',
  'elk_chat',
  'code_enhancement_upload',
];

export const sampleAuditEvents: AuditLogEntry[] = [
  {
    id: '6',
    at: '2026-11-02T09:42:00Z',
    actor: 'admin@example.com',
    action: 'token.create',
    target: 'admin@example.com',
  },
  { id: '5', at: '2026-11-02T09:40:00Z', actor: 'admin@example.com', action: 'role.update', target: 'QA' },
  { id: '4', at: '2026-11-02T09:35:00Z', actor: 'admin@example.com', action: 'role.create', target: 'QA' },
  {
    id: '3',
    at: '2026-11-01T16:05:00Z',
    actor: 'ops@example.com',
    action: 'user.role_change',
    target: 'sam@example.com',
  },
  {
    id: '2',
    at: '2026-11-01T15:55:00Z',
    actor: 'ops@example.com',
    action: 'user.delete',
    target: 'old@example.com',
  },
  {
    id: '1',
    at: '2026-11-01T15:50:00Z',
    actor: 'admin@example.com',
    action: 'user.create',
    target: 'new@example.com',
  },
];

export const sampleToken = 'da_pat_7Gq2vN9xR4mK8sL1wE5tY3uB6hJ0cZ';

/** The moment the token samples are judged at: the 'laptop' token expired the day before. */
export const sampleNow = new Date('2026-11-02T12:00:00Z');

/** Tokens newest first, as the server lists them: two active, one revoked, one expired. */
export const sampleTokens: TokenRow[] = [
  {
    id: '6f1c2a4e-0d7b-4c1e-9a51-3b2f8e7d6c01',
    name: 'CI pipeline',
    created_at: '2026-11-02T09:42:00Z',
    expires_at: '2027-01-31T09:42:00Z',
    last_used_at: '2026-11-02T11:15:00Z',
    revoked_at: null,
  },
  {
    id: '6f1c2a4e-0d7b-4c1e-9a51-3b2f8e7d6c02',
    name: 'Reporting script',
    created_at: '2026-10-20T14:05:00Z',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
  },
  {
    id: '6f1c2a4e-0d7b-4c1e-9a51-3b2f8e7d6c03',
    name: 'Old notebook',
    created_at: '2026-09-14T08:30:00Z',
    expires_at: '2026-12-13T08:30:00Z',
    last_used_at: '2026-10-01T17:45:00Z',
    revoked_at: '2026-10-02T08:00:00Z',
  },
  {
    id: '6f1c2a4e-0d7b-4c1e-9a51-3b2f8e7d6c04',
    name: 'laptop',
    created_at: '2026-08-02T10:00:00Z',
    expires_at: '2026-11-01T10:00:00Z',
    last_used_at: '2026-10-31T19:20:00Z',
    revoked_at: null,
  },
];
