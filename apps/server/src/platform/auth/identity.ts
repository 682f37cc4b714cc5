/** A user row as the server works with it (e-mail always lowercase). */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: string;
  is_active: boolean;
  is_bot_account: boolean;
}

/** Who is calling, proved by a session cookie or a personal access token. */
export interface Identity {
  user: UserRecord;
  /** Features granted by the user's role group. */
  features: ReadonlySet<string>;
  via: 'session' | 'token';
  /** SHA-256 of the session id (session calls). */
  sessionHash?: string;
  /** XSRF token bound to the session (session calls). */
  xsrfToken?: string;
  /** Personal access token id (token calls). */
  tokenId?: string;
}

/** Columns selecting a user and the features of their role group, for queries joining `users u`. */
export const USER_WITH_FEATURES_COLUMNS = `u.id, u.email, u.name, u.role, u.is_active, u.is_bot_account,
  coalesce((SELECT array_agg(f.feature) FROM role_group_features f WHERE f.role_name = u.role), '{}'::text[]) AS features`;

export interface UserWithFeaturesRow extends UserRecord {
  features: string[];
}

export function toUserRecord(row: UserRecord): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    is_active: row.is_active,
    is_bot_account: row.is_bot_account,
  };
}
