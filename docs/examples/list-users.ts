import { createClient, unwrap } from '@digital-assistant/sdk';

// Needs the `user_view` feature (CORE_ADMINS have it).
const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

// `email: '*'` lists everyone; an address finds one person.
const { user_profiles } = await unwrap(client.POST('/api/users', { body: { email: '*' } }));
for (const user of user_profiles) {
  console.log(`${user.email.padEnd(20)} ${user.role.padEnd(12)} ${user.name}`);
}
