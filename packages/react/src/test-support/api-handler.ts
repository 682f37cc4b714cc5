/**
 * A small in-memory implementation of the contract's auth, users, roles, token and audit
 * operations, injected as the SDK client's `fetch`. Tests drive the real SDK and the real hooks
 * through it; `respond` replaces one operation's answer to test failures and older servers.
 */
import { createClient, type DigitalAssistantClient, type User } from '@digital-assistant/sdk';
import { FEATURE_NAMES } from '@digital-assistant/sdk/features';

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export interface Token {
  id: string;
  name: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorBody(status: number, code: string, error: string): Response {
  return json(status, { error, code });
}

export const adminUser: User = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '1.0.0',
  is_active: true,
  is_bot_account: false,
};

export const staffUser: User = { ...adminUser, email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' };

export interface ApiHandlerOptions {
  /** The user of the session cookie, `null` when signed out. */
  signedIn?: User | null;
  /** How long (ms) each answer takes, to observe in-flight states. */
  delayMs?: number;
}

export function createApiHandler(options: ApiHandlerOptions = {}) {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const state = {
    sessionUser: options.signedIn === undefined ? adminUser : options.signedIn,
    users: [
      { email: adminUser.email, name: adminUser.name, role: 'CORE_ADMINS' },
      { email: staffUser.email, name: staffUser.name, role: 'STAFF' },
      { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
    ],
    roles: new Map<string, string[]>([
      ['CORE_ADMINS', [...FEATURE_NAMES]],
      ['STAFF', ['landing', 'chat', 'search']],
      ['PGA', ['landing', 'chat', 'search']],
    ]),
    tokens: [] as Token[],
    audit: [] as Array<{
      id: string;
      at: string;
      actor: string;
      action: string;
      target: string | null;
      details: unknown;
    }>,
  };
  const calls: RecordedCall[] = [];
  const overrides = new Map<string, Responder>();

  const record = (action: string, target: string | null) =>
    state.audit.push({
      id: String(state.audit.length + 1),
      at: now(),
      actor: state.sessionUser?.email ?? '',
      action,
      target,
      details: null,
    });

  const signedIn = (respond: () => Response) =>
    state.sessionUser ? respond() : errorBody(401, 'unauthenticated', 'Not signed in');

  const routes: Record<string, (call: RecordedCall) => Response> = {
    'GET /api/auth': () =>
      signedIn(() =>
        json(200, {
          user: state.sessionUser,
          features: state.roles.get(state.sessionUser?.role ?? '') ?? [],
        }),
      ),
    'GET /api/auth/sso': (call) =>
      json(200, {
        authUrl: `http://idp.test/authorize?state=s${call.query.returnTo ? `&returnTo=${call.query.returnTo}` : ''}`,
      }),
    'POST /api/auth/session': (call) => {
      const { email, name } = call.body as { email: string; name: string };
      const profile = state.users.find((user) => user.email === email);
      if (!profile) return errorBody(401, 'unauthenticated', 'No single sign-on for this identity');
      state.sessionUser = { ...adminUser, email, name, role: profile.role };
      return json(200, { user: state.sessionUser });
    },
    'POST /api/users/logout': () =>
      signedIn(() => {
        state.sessionUser = null;
        return json(200, { message: 'Logged out' });
      }),
    'POST /api/users': (call) =>
      signedIn(() => {
        const { email } = call.body as { email: string };
        return json(200, {
          user_profiles: state.users.filter((user) => email === '*' || user.email === email),
        });
      }),
    'POST /api/users/create': (call) => {
      const body = call.body as { email: string; name: string; role: string };
      if (state.users.some((user) => user.email === body.email))
        return errorBody(409, 'conflict', 'User exists');
      if (!state.roles.has(body.role)) return errorBody(404, 'not_found', 'No such role');
      state.users.push(body);
      record('user.create', body.email);
      return json(200, { message: 'User created', user_profile: body });
    },
    'POST /api/users/delete': (call) => {
      const { emails } = call.body as { emails: string[] };
      const deleted = state.users.filter((user) => emails.includes(user.email)).map((user) => user.email);
      if (deleted.length === 0) return errorBody(404, 'not_found', 'No such user');
      // All or none: the last CORE_ADMINS member stays, as on the real server.
      const admins = state.users.filter((user) => user.role === 'CORE_ADMINS');
      if (admins.length > 0 && admins.every((user) => emails.includes(user.email))) {
        const named = admins.map((user) => user.email).join(', ');
        return errorBody(
          409,
          'conflict',
          `Cannot delete ${named}: at least one CORE_ADMINS member must remain.`,
        );
      }
      state.users = state.users.filter((user) => !emails.includes(user.email));
      record('user.delete', deleted.join(','));
      return json(200, { message: 'Users deleted', deleted });
    },
    'POST /api/users/roles/update': (call) => {
      const { emails, role } = call.body as { emails: string[]; role: string };
      if (!state.roles.has(role)) return errorBody(404, 'not_found', 'No such role');
      for (const user of state.users) if (emails.includes(user.email)) user.role = role;
      record('user.role', emails.join(','));
      return json(
        200,
        state.users.filter((user) => emails.includes(user.email)),
      );
    },
    'GET /api/users/generatetoken': (call) => {
      const id = String(state.tokens.length + 1);
      state.tokens.unshift({
        id,
        name: call.query.name ?? 'token',
        created_at: now(),
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
      });
      record('token.create', id);
      return json(200, { message: 'Token generated', personal_access_token: `da_pat_${id}_secret`, id });
    },
    'GET /api/users/tokens': () => json(200, { tokens: state.tokens }),
    'POST /api/users/tokens/revoke': (call) => {
      const token = state.tokens.find((candidate) => candidate.id === (call.body as { id: string }).id);
      if (!token) return errorBody(404, 'not_found', 'No such token');
      token.revoked_at = now();
      record('token.revoke', token.id);
      return json(200, { message: 'Token revoked' });
    },
    'GET /api/roles/allgroups': () =>
      json(200, {
        roles: [...state.roles].map(([role_name, feature_names]) => ({
          role_name,
          feature_names,
          user_count: state.users.filter((user) => user.role === role_name).length,
        })),
      }),
    'POST /api/roles/view': (call) => {
      const role = (call.body as { role: string }).role;
      const features = state.roles.get(role);
      return features
        ? json(200, { contents: { role_name: role, feature_names: features } })
        : errorBody(404, 'not_found', `Role '${role}' not found.`);
    },
    'POST /api/roles/create': (call) => {
      const { role, feature_names } = call.body as { role: string; feature_names: string[] };
      if (!role || feature_names.length === 0)
        return errorBody(400, 'validation_failed', 'Invalid input vaules');
      if (state.roles.has(role)) return errorBody(409, 'conflict', `Role '${role}' already exists.`);
      state.roles.set(role, feature_names);
      record('role.create', role);
      return json(200, { message: 'Role group created' });
    },
    'POST /api/roles/update': (call) => {
      const { role_name, feature_names, action } = call.body as {
        role_name: string;
        feature_names: string[];
        action: 'add' | 'remove';
      };
      const current = state.roles.get(role_name);
      if (!current) return errorBody(404, 'not_found', 'No such role');
      const next =
        action === 'add'
          ? [...new Set([...current, ...feature_names])]
          : current.filter((feature) => !feature_names.includes(feature));
      state.roles.set(role_name, next);
      record('role.update', role_name);
      return json(200, { message: 'Role group updated', contents: { role_name, feature_names: next } });
    },
    'POST /api/roles/delete': (call) => {
      const { role } = call.body as { role: string };
      if (!state.roles.has(role)) return errorBody(404, 'not_found', 'No such role');
      if (state.users.some((user) => user.role === role)) {
        return errorBody(409, 'conflict', `Role '${role}' is still assigned to users.`);
      }
      state.roles.delete(role);
      record('role.delete', role);
      return json(200, { message: 'Role group deleted' });
    },
    'GET /api/features': () => json(200, { features: [...FEATURE_NAMES, 'future_feature'] }),
    'GET /api/audit': (call) => {
      const limit = Number(call.query.limit ?? 100);
      const events = [...state.audit]
        .reverse()
        .filter((event) => !call.query.actor || event.actor === call.query.actor)
        .filter((event) => !call.query.before || event.at < call.query.before);
      return json(200, { events: events.slice(0, limit) });
    },
  };

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const key = `${call.method} ${call.path}`;
    const responder = overrides.get(key) ?? routes[key];
    return responder ? responder(call) : errorBody(404, 'not_found', 'Not found');
  };

  const client: DigitalAssistantClient = createClient({ baseUrl: 'http://api.test', fetch });

  return {
    client,
    fetch,
    state,
    calls,
    /** Calls to one operation, e.g. `callsTo('POST /api/roles/update')`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** Replaces one operation's answer (e.g. a 500, or a 404 for a missing extension). */
    respond: (key: string, responder: Responder) => void overrides.set(key, responder),
  };
}

export type ApiHandler = ReturnType<typeof createApiHandler>;
