// The roles module's tables (role groups and the features each grants) and the seeded groups.
// Version 1 is the DDL the `core` module's version 1 released, made idempotent: a database created
// before this module has the tables, and it changes nothing there (platform/db/migrations.ts says
// how core and these modules share the work, src/modules.ts why they come first).
import type { Migration } from '../../platform/modules.js';
import { ADMIN_ROLE, SEED_ROLE_GROUPS } from '../../platform/rbac/features.js';

function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

// The seed runs only where core's (core version 2) never did: on an older database it did, and a
// group or feature an administrator removed since must not come back.
const UNLESS_CORE_SEEDED = `NOT EXISTS (SELECT 1 FROM schema_migrations WHERE module = 'core' AND version = 2)`;

const seedRoleGroups = [
  ...SEED_ROLE_GROUPS.flatMap((group) => [
    `INSERT INTO role_groups (name) SELECT ${quote(group.name)} WHERE ${UNLESS_CORE_SEEDED} ON CONFLICT DO NOTHING;`,
    ...group.features.map(
      (feature) =>
        `INSERT INTO role_group_features (role_name, feature) SELECT ${quote(group.name)}, ${quote(feature)} WHERE ${UNLESS_CORE_SEEDED} ON CONFLICT DO NOTHING;`,
    ),
  ]),
  // What core's version 3 grants: the PGA department is the feature knowledge_pga.
  `INSERT INTO role_group_features (role_name, feature)
SELECT name, 'knowledge_pga' FROM role_groups WHERE name IN ('PGA', ${quote(ADMIN_ROLE)}) AND ${UNLESS_CORE_SEEDED}
ON CONFLICT DO NOTHING;`,
].join('\n');

export const rolesMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'role groups and their features',
    sql: `
CREATE TABLE IF NOT EXISTS role_groups (
  name text PRIMARY KEY CHECK (length(btrim(name)) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS role_group_features (
  role_name text NOT NULL REFERENCES role_groups (name) ON DELETE CASCADE ON UPDATE CASCADE,
  feature text NOT NULL,
  PRIMARY KEY (role_name, feature)
);
`,
  },
  { version: 2, name: 'seed role groups, PGA with knowledge_pga', sql: seedRoleGroups },
];
