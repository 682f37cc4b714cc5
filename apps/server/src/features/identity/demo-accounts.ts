import type { Queryable } from '../../platform/db/db.js';
import { addUserUnlessExists } from '../users/index.js';

/** Accounts of the built-in identity provider; seeded as users when it is in use. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS' },
  { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
  { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
] as const;

/** Adds the demo accounts as users unless they exist (server and CLI, with the built-in provider only). */
export async function seedDemoUsers(db: Queryable): Promise<void> {
  for (const account of DEMO_ACCOUNTS) await addUserUnlessExists(db, account);
}
