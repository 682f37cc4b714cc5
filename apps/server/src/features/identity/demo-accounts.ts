/** Accounts of the built-in identity provider; seeded as users when it is in use. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'CORE_ADMINS' },
  { email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' },
  { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
] as const;
