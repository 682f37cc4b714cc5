import { createClient, unwrap } from '@digital-assistant/sdk';

// DA_BASE_URL: where the server runs, e.g. https://assistant.example.com
// DA_TOKEN: your personal access token (in the app: Generate Token; or `pnpm admin token EMAIL`)
const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

const { user, features = [] } = await unwrap(client.GET('/api/auth'));
console.log(`Signed in as ${user.name} <${user.email}>, role group ${user.role}`);
console.log(`May chat: ${features.includes('chat')}; may train the bot: ${features.includes('train')}`);
