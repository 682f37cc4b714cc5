/** Rules about the signed-in user that every screen shares: initials, admin and PGA gating. */
import type { User } from '@digital-assistant/sdk';

/** The signed-in user as `GET /api/auth` returns it. */
export type { User };

/** Role name of administrators. */
export const ADMIN_ROLE = 'CORE_ADMINS';
/** Role name that unlocks the PGA department (administrators have it too). */
export const PGA_ROLE = 'PGA';

/** Anything carrying a role; `null`/`undefined` means nobody is signed in. */
export type MaybeUser = { role?: string | null } | null | undefined;

/**
 * Initials of a name: the first letters of up to its first two words, uppercased (at most 2 letters).
 * @example initials('ada lovelace byron') // 'AL'
 */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('')
    .slice(0, 2);
}

/** Whether the user is an administrator (role CORE_ADMINS). */
export function isAdmin(user: MaybeUser): boolean {
  return user?.role === ADMIN_ROLE;
}

/** The feature that unlocks the PGA department on servers that list a session's features. */
export const PGA_FEATURE = 'knowledge_pga';

/**
 * Whether the user may use the PGA department: with the session's features (an extension of
 * `GET /api/auth`), whether they hold `knowledge_pga`, whatever their role group is called; from a
 * server that lists none, the seed's rule (role PGA or CORE_ADMINS).
 */
export function hasPgaAccess(user: MaybeUser, features?: readonly string[]): boolean {
  if (!user) return false;
  if (features && features.length > 0) return features.includes(PGA_FEATURE);
  return user.role === PGA_ROLE || user.role === ADMIN_ROLE;
}

/** The feature that opens the ELK agent (`POST /api/chat/elk` requires it). */
export const ELK_FEATURE = 'elk_chat';

/**
 * Whether the user may use the ELK agent: with the session's features (an extension of
 * `GET /api/auth`), whether they hold `elk_chat`, whatever their role group is called (an
 * administrator may grant it to STAFF); from a server that lists none, the spec's rule
 * (administrators only).
 */
export function hasElkAccess(user: MaybeUser, features?: readonly string[]): boolean {
  if (!user) return false;
  if (features && features.length > 0) return features.includes(ELK_FEATURE);
  return isAdmin(user);
}

/**
 * Why someone cannot open the ELK agent, and whom to ask: it exists, only their role group lacks
 * the permission.
 * @example elkPermissionNote('STAFF')
 * // 'Your role group, STAFF, does not have the ELK chat permission (elk_chat). Ask an administrator (CORE_ADMINS) to add it.'
 */
export function elkPermissionNote(role?: string | null): string {
  const group = role?.trim() ? `Your role group, ${role.trim()},` : 'Your role group';
  return `${group} does not have the ELK chat permission (${ELK_FEATURE}). Ask an administrator (${ADMIN_ROLE}) to add it.`;
}

/** The name to show for a user: the name, else the e-mail, else the given fallback. */
export function displayName(
  user: { name?: string | null; email?: string | null } | null | undefined,
  fallback = '',
): string {
  return user?.name?.trim() || user?.email?.trim() || fallback;
}
