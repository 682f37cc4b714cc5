/**
 * An in-memory server for the administration operations (session, users and their deactivation, role
 * groups, tokens, audit), the knowledge base (training uploads, File Status, delete, re-ingest),
 * the chat (AI conversations, department knowledge chats, ELK; streaming when asked) and the code
 * review (zip uploads, list, review JSON, download, delete), built on the contract fake: every answer it gives is checked against the contract. Tests read and
 * change its `state` directly, and replace single operations with `use`.
 */
import { createClient, type DigitalAssistantClient } from '../client';
import { FEATURE_NAMES } from '../features';
import type {
  AuditEvent,
  FeatureName,
  KnowledgeDocument,
  PersonalAccessToken,
  User,
  UserProfile,
} from '../types';
import { type ContractFake, type ContractFakeOptions, createContractFake, errorReply } from './contract-fake';
import { EXTENSION_OPERATIONS } from './contract-validator';
import { createDemoChatHandlers, type DemoChatOptions, type DemoConversation } from './demo-chat';
import { createDemoKnowledgeHandlers } from './demo-knowledge';
import { createDemoReviewHandlers, type DemoReviewFile } from './demo-review';
import type { ContractHandlers } from './operation-types';

/** The demo server's signed-in administrator (CORE_ADMINS), the default session. */
export const demoAdmin: User = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'CORE_ADMINS',
  version: '1.0.0',
  is_active: true,
  is_bot_account: false,
};

/** A staff member (STAFF) the demo server knows. */
export const demoStaff: User = { ...demoAdmin, email: 'staff@example.com', name: 'Sam Staff', role: 'STAFF' };

const ADMIN_ROLE = 'CORE_ADMINS';

/** What the demo server holds; tests may read and change it. */
export interface DemoState {
  /** The user of the session cookie, `null` when signed out. */
  sessionUser: User | null;
  users: UserProfile[];
  /** Role group name -> its features. */
  roles: Map<string, FeatureName[]>;
  /** The signed-in user's tokens, newest first. */
  tokens: PersonalAccessToken[];
  /** Audit events, oldest first. */
  audit: AuditEvent[];
  /**
   * Training documents, most recently changed first. Each listing moves every queued or parsing
   * document one step (queued, parsing, then Ready, 'No text to index' for images and videos,
   * 'Convert to .pptx' for .ppt, or Failed for a .pdf/.docx/.pptx whose bytes are not one).
   */
  knowledgeDocuments: KnowledgeDocument[];
  /** Keeps queued and parsing documents where they are when listed. */
  isIngestionPaused: boolean;
  /** Every user's AI conversations, most recently used first. */
  conversations: DemoConversation[];
  /** Questions each user's ELK session has seen since its last new topic, by e-mail. */
  elkTopics: Map<string, string[]>;
  /**
   * Every user's code-review files, in upload order. Each listing moves a pending review one Python
   * file further, then to success (failed for a zip named `*broken*.zip`).
   */
  reviewFiles: DemoReviewFile[];
  /** Keeps pending reviews where they are when listed. */
  isReviewPaused: boolean;
}

/** Options of {@link createDemoServer}. */
export interface DemoServerOptions extends Omit<ContractFakeOptions, 'handlers'> {
  /**
   * Who is signed in; `null` when nobody is.
   * @default demoAdmin
   */
  signedIn?: User | null;
  /**
   * The users.
   * @default admin@example.com (CORE_ADMINS), staff@example.com (STAFF), pga@example.com (PGA)
   */
  users?: UserProfile[];
  /**
   * Role groups and their features.
   * @default CORE_ADMINS with every feature; STAFF with landing, chat, search; PGA with those and knowledge_pga
   */
  roles?: Record<string, FeatureName[]>;
  /** The signed-in user's existing tokens, newest first. */
  tokens?: PersonalAccessToken[];
  /** Training documents already uploaded, most recently changed first. */
  knowledgeDocuments?: KnowledgeDocument[];
  /**
   * Name of a token generated without a `name`.
   * @default 'token'
   */
  defaultTokenName?: string;
  /**
   * Where `GET /api/auth/sso` sends the browser (`&returnTo=` is appended when asked for).
   * @default 'http://idp.test/authorize?state=s'
   */
  identityProviderUrl?: string;
  /**
   * The time of the first change; each later one is a second after the previous.
   * @default the current time
   */
  startTime?: Date;
  /** AI conversations already held, most recently used first (`owner` is the user's e-mail). */
  conversations?: DemoConversation[];
  /** How the chat answers: streaming or not, the delay between streamed words, the AI's answer. */
  chat?: DemoChatOptions;
  /** Code-review files already uploaded, in upload order (`owner` is the uploader's e-mail). */
  reviewFiles?: DemoReviewFile[];
  /**
   * Play a server with only the spec's seed calls (section 7): every `x-extension` operation answers
   * 404 and the chats answer JSON, never server-sent events.
   * @default false
   */
  isSeedOnly?: boolean;
}

/** The demo server: a {@link ContractFake} with its state. */
export interface DemoServer extends ContractFake {
  readonly state: DemoState;
  /** An SDK client over this server's `fetch` (base URL `http://api.test`). */
  readonly client: DigitalAssistantClient;
}

/** The demo server's handlers over a state, to combine with others in {@link createContractFake}. */
export function createDemoHandlers(
  state: DemoState,
  options: Pick<DemoServerOptions, 'defaultTokenName' | 'identityProviderUrl' | 'startTime' | 'chat'> = {},
): ContractHandlers {
  let clock = (options.startTime ?? new Date()).getTime();
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  let tokenSequence = 0;
  const record = (action: string, target: string | null) =>
    state.audit.push({
      id: String(state.audit.length + 1),
      at: now(),
      actor: state.sessionUser?.email ?? '',
      action,
      target,
      details: null,
    });
  const unauthenticated = () => errorReply(401, 'unauthenticated', 'Not signed in');
  /** Would the change leave no active CORE_ADMINS member? Then it answers the real server's 409. */
  const lastAdminConflict = (leaving: readonly string[], change: string) => {
    const admins = state.users.filter((user) => user.role === ADMIN_ROLE && user.is_active !== false);
    const affected = admins.filter((user) => leaving.includes(user.email));
    if (affected.length === 0 || affected.length < admins.length) return undefined;
    const emails = affected.map((user) => user.email).join(', ');
    return errorReply(
      409,
      'conflict',
      `Cannot ${change} ${emails}: at least one ${ADMIN_ROLE} member must remain.`,
    );
  };

  return {
    ...createDemoKnowledgeHandlers(state, { now, record }),
    ...createDemoChatHandlers(state, options.chat),
    ...createDemoReviewHandlers(state, { now }),
    'GET /api/ping': () => new Response('pong!', { headers: { 'content-type': 'text/plain' } }),
    'GET /api/auth': () =>
      state.sessionUser
        ? {
            status: 200,
            body: {
              user: state.sessionUser,
              features: state.roles.get(state.sessionUser.role) ?? [],
              ...(options.chat?.hasLanguageModel === undefined
                ? {}
                : { hasLanguageModel: options.chat.hasLanguageModel }),
            },
          }
        : unauthenticated(),
    'GET /api/auth/sso': ({ query }) => {
      const authUrl = options.identityProviderUrl ?? 'http://idp.test/authorize?state=s';
      return {
        status: 200,
        body: { authUrl: query.returnTo ? `${authUrl}&returnTo=${query.returnTo}` : authUrl },
      };
    },
    'POST /api/auth/session': ({ body }) => {
      const profile = state.users.find((user) => user.email === body.email);
      if (!profile) return errorReply(401, 'unauthenticated', 'No single sign-on for this identity');
      if (profile.is_active === false)
        return errorReply(403, 'account_deactivated', 'This account is deactivated.');
      state.sessionUser = { ...demoAdmin, email: body.email, name: body.name, role: profile.role };
      return { status: 200, body: { user: state.sessionUser } };
    },
    'POST /api/users/logout': () => {
      if (!state.sessionUser) return unauthenticated();
      state.sessionUser = null;
      return { status: 200, body: { message: 'Logged out' } };
    },
    'POST /api/users': ({ body }) =>
      state.sessionUser
        ? {
            status: 200,
            body: {
              user_profiles: state.users.filter((user) => body.email === '*' || user.email === body.email),
            },
          }
        : unauthenticated(),
    'POST /api/users/create': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      if (state.users.some((user) => user.email === body.email)) {
        return errorReply(409, 'conflict', `User ${body.email} already exists.`);
      }
      if (!state.roles.has(body.role)) return errorReply(404, 'not_found', `Role '${body.role}' not found.`);
      const profile = { email: body.email, name: body.name, role: body.role };
      state.users.push(profile);
      record('user.create', body.email);
      return { status: 200, body: { message: 'User created', user_profile: profile } };
    },
    'POST /api/users/delete': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const deleted = state.users
        .filter((user) => body.emails.includes(user.email))
        .map((user) => user.email);
      if (deleted.length === 0) return errorReply(404, 'not_found', 'No such user');
      // All or none: the last CORE_ADMINS member stays, as on the real server.
      const conflict = lastAdminConflict(body.emails, 'delete');
      if (conflict) return conflict;
      state.users = state.users.filter((user) => !body.emails.includes(user.email));
      record('user.delete', deleted.join(','));
      return { status: 200, body: { message: 'Users deleted', deleted } };
    },
    'POST /api/users/roles/update': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      if (!state.roles.has(body.role)) return errorReply(404, 'not_found', `Role '${body.role}' not found.`);
      if (body.role !== ADMIN_ROLE) {
        const conflict = lastAdminConflict(body.emails, `move out of ${ADMIN_ROLE}`);
        if (conflict) return conflict;
      }
      for (const user of state.users) if (body.emails.includes(user.email)) user.role = body.role;
      record('user.role', body.emails.join(','));
      return { status: 200, body: state.users.filter((user) => body.emails.includes(user.email)) };
    },
    'POST /api/users/active/update': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const missing = body.emails.filter((email) => !state.users.some((user) => user.email === email));
      if (missing.length > 0) {
        return errorReply(404, 'not_found', `No user with the e-mail ${missing.join(', ')} exists.`);
      }
      if (body.emails.includes(state.sessionUser.email)) {
        return errorReply(409, 'conflict', 'You cannot deactivate or reactivate your own account.');
      }
      if (!body.is_active) {
        const conflict = lastAdminConflict(body.emails, 'deactivate');
        if (conflict) return conflict;
      }
      const changed = state.users.filter((user) => body.emails.includes(user.email));
      for (const user of changed) user.is_active = body.is_active;
      record(body.is_active ? 'user.reactivate' : 'user.deactivate', body.emails.join(','));
      return {
        status: 200,
        body: { message: body.is_active ? 'Users reactivated' : 'Users deactivated', user_profiles: changed },
      };
    },
    'GET /api/users/generatetoken': ({ query }) => {
      if (!state.sessionUser) return unauthenticated();
      const id = String(++tokenSequence);
      const created_at = now();
      const expires_at = query.expires_in_days
        ? new Date(Date.parse(created_at) + query.expires_in_days * 86_400_000).toISOString()
        : null;
      state.tokens.unshift({
        id,
        name: query.name ?? options.defaultTokenName ?? 'token',
        created_at,
        expires_at,
        last_used_at: null,
        revoked_at: null,
      });
      record('token.create', id);
      return {
        status: 200,
        body: { message: 'Token generated', personal_access_token: `da_pat_${id}_secret`, id, expires_at },
      };
    },
    'GET /api/users/tokens': () =>
      state.sessionUser ? { status: 200, body: { tokens: state.tokens } } : unauthenticated(),
    'POST /api/users/tokens/revoke': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const token = state.tokens.find((candidate) => candidate.id === body.id);
      if (!token) return errorReply(404, 'not_found', 'No such token');
      token.revoked_at ??= now();
      record('token.revoke', token.id);
      return { status: 200, body: { message: 'Token revoked' } };
    },
    'GET /api/roles/allgroups': () =>
      state.sessionUser
        ? {
            status: 200,
            body: {
              roles: [...state.roles].map(([role_name, feature_names]) => ({
                role_name,
                feature_names,
                user_count: state.users.filter((user) => user.role === role_name).length,
              })),
            },
          }
        : unauthenticated(),
    'POST /api/roles/view': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const features = state.roles.get(body.role);
      return features
        ? { status: 200, body: { contents: { role_name: body.role, feature_names: features } } }
        : errorReply(404, 'not_found', `Role '${body.role}' not found.`);
    },
    'POST /api/roles/create': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      if (state.roles.has(body.role))
        return errorReply(409, 'conflict', `Role '${body.role}' already exists.`);
      state.roles.set(body.role, [...body.feature_names]);
      record('role.create', body.role);
      return { status: 200, body: { message: 'Role group created' } };
    },
    'POST /api/roles/update': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const current = state.roles.get(body.role_name);
      if (!current) return errorReply(404, 'not_found', `Role '${body.role_name}' not found.`);
      const next =
        body.action === 'add'
          ? [...new Set([...current, ...body.feature_names])]
          : current.filter((feature) => !body.feature_names.includes(feature));
      state.roles.set(body.role_name, next);
      record('role.update', body.role_name);
      return {
        status: 200,
        body: { message: 'Role group updated', contents: { role_name: body.role_name, feature_names: next } },
      };
    },
    'POST /api/roles/delete': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      if (!state.roles.has(body.role)) return errorReply(404, 'not_found', `Role '${body.role}' not found.`);
      if (state.users.some((user) => user.role === body.role)) {
        return errorReply(409, 'conflict', `Role '${body.role}' is still assigned to users.`);
      }
      state.roles.delete(body.role);
      record('role.delete', body.role);
      return { status: 200, body: { message: 'Role group deleted' } };
    },
    'GET /api/features': () =>
      state.sessionUser ? { status: 200, body: { features: [...FEATURE_NAMES] } } : unauthenticated(),
    'GET /api/audit': ({ query }) => {
      if (!state.sessionUser) return unauthenticated();
      const events = [...state.audit]
        .reverse()
        .filter((event) => !query.actor || event.actor === query.actor)
        .filter((event) => !query.before || Date.parse(event.at) < Date.parse(query.before));
      return { status: 200, body: { events: events.slice(0, query.limit ?? 100) } };
    },
  };
}

/**
 * A stateful fake of the administration operations, checked against the contract.
 * @example
 * const server = createDemoServer({ signedIn: demoStaff });
 * const { data } = await server.client.GET('/api/features');
 * server.use({ 'GET /api/audit': () => errorReply(500, 'internal', 'boom') });
 * expect(server.state.users).toHaveLength(3);
 */
export function createDemoServer(options: DemoServerOptions = {}): DemoServer {
  const {
    signedIn,
    users,
    roles,
    tokens,
    knowledgeDocuments,
    defaultTokenName,
    identityProviderUrl,
    startTime,
    conversations,
    chat,
    reviewFiles,
    isSeedOnly = false,
    ...fakeOptions
  } = options;
  const state: DemoState = {
    sessionUser: signedIn === undefined ? demoAdmin : signedIn,
    users: (
      users ?? [
        { email: demoAdmin.email, name: demoAdmin.name, role: 'CORE_ADMINS' },
        { email: demoStaff.email, name: demoStaff.name, role: 'STAFF' },
        { email: 'pga@example.com', name: 'Pat Pga', role: 'PGA' },
      ]
    ).map((user) => ({ ...user })),
    roles: new Map(
      Object.entries(
        roles ?? {
          CORE_ADMINS: [...FEATURE_NAMES],
          STAFF: ['landing', 'chat', 'search'],
          PGA: ['landing', 'chat', 'search', 'knowledge_pga'],
        },
      ),
    ),
    tokens: (tokens ?? []).map((token) => ({ ...token })),
    audit: [],
    knowledgeDocuments: (knowledgeDocuments ?? []).map((document) => ({ ...document })),
    isIngestionPaused: false,
    conversations: (conversations ?? []).map((conversation) => ({
      ...conversation,
      Messages: conversation.Messages.map((message) => ({ ...message })),
    })),
    elkTopics: new Map(),
    reviewFiles: (reviewFiles ?? []).map((file) => ({ ...file })),
    isReviewPaused: false,
  };
  const fake = createContractFake({
    ...fakeOptions,
    handlers: createDemoHandlers(state, {
      defaultTokenName,
      identityProviderUrl,
      startTime,
      chat: isSeedOnly ? { ...chat, isStreaming: false, canReplaceLast: false } : chat,
    }),
  });
  if (isSeedOnly) fake.remove(...EXTENSION_OPERATIONS);
  const client = createClient({ baseUrl: 'http://api.test', fetch: fake.fetch });
  return Object.assign(fake, { state, client });
}
