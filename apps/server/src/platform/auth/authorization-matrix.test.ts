// The authorization matrix, generated from the contract: every operation of openapi.yaml x every
// kind of caller. What each caller must get is derived, not written down: from the operation's
// security schemes, its `x-required-feature` (and `x-additional-required-feature`), and the features
// the caller's role group holds in the database. Allowed callers never get 401/403; the others get
// exactly 401 (no, invalid or revoked credentials, or a scheme the operation does not accept) or 403
// (a feature missing, or the XSRF header missing where the scheme requires it). Each request is a small
// schema-valid one, so authorization, not validation, decides; operations answering 501 are checked too.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
import type { Department } from '../../features/knowledge/departments.js';
import {
  type HeldIngestionServer,
  startHeldIngestionServer,
  trainingUpload,
} from '../../features/knowledge/test-support.js';
import { findRoleGroup } from '../../features/roles/store.js';
import { findUserByEmail } from '../../features/users/store.js';
import { restoreSnapshot, type Snapshot, takeSnapshot } from '../../test/contract/fixtures.js';
import {
  Contract,
  type ContractOperation,
  describeRequest,
  exampleRequest,
  type SchemeKind,
} from '../../test/contract/operations.js';
import {
  addUser,
  BACKENDS,
  type Caller,
  sessionFor,
  startTestServer,
  type TestServer,
  tokenFor,
} from '../../test/harness.js';
import { openapiPath } from '../config/paths.js';
import { loadContract } from '../http/contract.js';
import { sha256 } from './secrets.js';

const contract = new Contract(loadContract(openapiPath()));
const FEATURE_NAMES: string[] = contract.document.components.schemas.FeatureName.enum;

const emailOf = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const ADMIN = emailOf('CORE_ADMINS');

type CallerKind =
  | 'anonymous'
  | 'session'
  | 'session without XSRF'
  | 'token'
  | 'revoked token'
  | 'deactivated token';

interface CallerSpec {
  name: string;
  kind: CallerKind;
  email?: string;
}

const CALLERS: CallerSpec[] = [
  { name: 'anonymous', kind: 'anonymous' },
  { name: 'staff session', kind: 'session', email: emailOf('STAFF') },
  { name: 'PGA session', kind: 'session', email: emailOf('PGA') },
  { name: 'admin session', kind: 'session', email: ADMIN },
  { name: 'staff token', kind: 'token', email: emailOf('STAFF') },
  { name: 'admin token', kind: 'token', email: ADMIN },
  { name: 'revoked token', kind: 'revoked token', email: ADMIN },
  // An administrator's valid token, after an administrator deactivated its owner.
  { name: 'token of a deactivated admin', kind: 'deactivated token', email: ADMIN },
  { name: 'admin session without the XSRF header', kind: 'session without XSRF', email: ADMIN },
];

/** A role group holding every feature but one, and its member: proves that exact feature is checked. */
const lackingGroup = (feature: string) => `MATRIX_WITHOUT_${feature.toUpperCase()}`;
const lackingMember = (feature: string) => `matrix-without-${feature.replaceAll('_', '-')}@example.com`;
const lackingCaller = (feature: string): CallerSpec => ({
  name: `session of a role group holding every feature but ${feature}`,
  kind: 'session',
  email: lackingMember(feature),
});

/** The features an operation names: required, and additional when its body condition holds. */
const namedFeatures = (operation: ContractOperation) =>
  [operation.requiredFeature, operation.additionalFeature?.feature].filter(
    (feature): feature is string => feature !== undefined,
  );

/** The security schemes a caller presents. */
function presented(kind: CallerKind): ReadonlySet<SchemeKind> {
  if (kind === 'session') return new Set(['session', 'xsrf']);
  if (kind === 'session without XSRF') return new Set(['session']);
  if (kind === 'token' || kind === 'revoked token' || kind === 'deactivated token')
    return new Set(['bearer']);
  return new Set();
}

interface Variant {
  label: string;
  /** Body fields set for this request. */
  properties: Record<string, unknown>;
  /** Whether the additional feature applies to this request. */
  needsAdditional: boolean;
}

/** With `x-additional-required-feature`: one request meeting its condition and one not. */
function variantsOf(operation: ContractOperation): Variant[] {
  const additional = operation.additionalFeature;
  if (!additional) return [{ label: '', properties: {}, needsAdditional: false }];
  const json = Object.values(operation.body?.content ?? {})[0]?.schema ?? {};
  const field = contract.resolve(contract.resolve(json).properties?.[additional.field] ?? {});
  const other = ((field.enum ?? []) as unknown[]).find((value) => String(value) !== additional.value);
  const variants: Variant[] = [
    {
      label: ` with ${additional.field}=${additional.value}`,
      properties: { [additional.field]: additional.value },
      needsAdditional: true,
    },
  ];
  if (other !== undefined) {
    variants.push({
      label: ` with ${additional.field}=${String(other)}`,
      properties: { [additional.field]: other },
      needsAdditional: false,
    });
  }
  return variants;
}

type Expected = { status: 401; code: string } | { status: 403; code: string } | { status: 'allowed' };

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let server: TestServer;
  let snapshot: Snapshot;
  /** Whether a request may have changed users or role groups since the last restore. */
  let isChanged = false;

  /** The features the caller's role group holds, read from the database (the role store). */
  async function featuresOf(email: string): Promise<Set<string>> {
    const user = await findUserByEmail(server.db, email);
    if (!user?.is_active) return new Set();
    return new Set((await findRoleGroup(server.db, user.role))?.feature_names ?? []);
  }

  async function expectation(
    operation: ContractOperation,
    caller: CallerSpec,
    variant: Variant,
  ): Promise<Expected> {
    // Read from the database as the request will find it: what an earlier request changed is put back.
    if (isChanged) await restoreSnapshot(server.db, snapshot);
    isChanged = false;
    const unauthenticated = { status: 401, code: 'unauthenticated' } as const;
    if (caller.kind === 'anonymous' || caller.kind === 'revoked token') return unauthenticated;
    const offered = presented(caller.kind);
    if (caller.kind === 'token' || caller.kind === 'deactivated token') {
      const isAccepted = operation.security.some((requirement) =>
        [...requirement].every((scheme) => offered.has(scheme)),
      );
      if (!isAccepted) return unauthenticated;
      // Whatever their role group holds, a deactivated person is refused, and told why.
      if (caller.kind === 'deactivated token') return { status: 403, code: 'account_deactivated' };
    } else {
      const withSession = operation.security.filter((requirement) => requirement.has('session'));
      if (withSession.length === 0) return unauthenticated;
      // A session is accepted, but (double-submit) only together with the XSRF header.
      const isComplete = withSession.some((requirement) =>
        [...requirement].every((scheme) => offered.has(scheme)),
      );
      if (!isComplete) return { status: 403, code: 'xsrf_failed' };
    }
    const needed = [operation.requiredFeature!];
    if (variant.needsAdditional) needed.push(operation.additionalFeature!.feature);
    const held = await featuresOf(caller.email!);
    return needed.every((feature) => held.has(feature))
      ? { status: 'allowed' }
      : { status: 403, code: 'forbidden' };
  }

  async function openCaller(spec: CallerSpec): Promise<Caller | undefined> {
    switch (spec.kind) {
      case 'anonymous':
        return undefined;
      case 'session':
        return sessionFor(server.db, spec.email!);
      case 'session without XSRF': {
        const session = await sessionFor(server.db, spec.email!);
        const { 'x-xsrf-token': _header, ...headers } = session.headers;
        return { ...session, headers };
      }
      case 'token':
        return tokenFor(server.db, spec.email!);
      case 'revoked token': {
        const token = await tokenFor(server.db, spec.email!);
        await server.db.query('UPDATE personal_access_tokens SET revoked_at = now() WHERE token_hash = $1', [
          sha256(token.token),
        ]);
        return token;
      }
      case 'deactivated token': {
        const token = await tokenFor(server.db, spec.email!);
        await server.db.query('UPDATE users SET is_active = false WHERE email = $1', [spec.email]);
        isChanged = true;
        return token;
      }
    }
  }

  /** Sends the operation's example request (naming the caller where an e-mail goes) as `spec`. */
  async function send(operation: ContractOperation, spec: CallerSpec, variant: Variant) {
    // Whatever an earlier request changed (a deleted user, a re-roled one...) is put back first.
    if (isChanged) await restoreSnapshot(server.db, snapshot);
    isChanged = false;
    const caller = await openCaller(spec);
    const request = exampleRequest(operation, contract.context, {
      email: spec.email ?? 'someone@example.com',
      properties: variant.properties,
    });
    const response = await server.app.inject({
      ...request,
      headers: { ...caller?.headers, ...request.headers },
    });
    return { request, response };
  }

  // Up to 180 s: starting a server and seeding callers takes long on a loaded two-core machine.
  beforeAll(async () => {
    server = await startTestServer(backend);
    // Listening lets startSso discover the built-in identity provider over real HTTP.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const features = new Set(contract.operations.flatMap(namedFeatures));
    for (const feature of features) {
      const group = lackingGroup(feature);
      await server.db.query('INSERT INTO role_groups (name) VALUES ($1)', [group]);
      await server.db.query(
        'INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[])',
        [group, FEATURE_NAMES.filter((name) => name !== feature)],
      );
      await addUser(server.db, lackingMember(feature), group);
    }
    snapshot = await takeSnapshot(server.db, [
      ...DEMO_ACCOUNTS.map((account) => account.email),
      ...[...features].map(lackingMember),
    ]);
  }, 180_000);
  afterAll(() => server?.close());

  it('finds every operation either open (security: []) or naming the feature it requires', () => {
    const problems = contract.operations.flatMap((operation) => {
      const label = `${operation.operationId} (${operation.method} ${operation.path})`;
      if (operation.security.length === 0) {
        return operation.requiredFeature
          ? [`${label} requires ${operation.requiredFeature} but accepts no caller`]
          : [];
      }
      return [
        ...(operation.requiredFeature ? [] : [`${label} needs credentials but names no x-required-feature`]),
        ...namedFeatures(operation)
          .filter((feature) => !FEATURE_NAMES.includes(feature))
          .map((feature) => `${label} names ${feature}, which is not a FeatureName`),
        ...(operation.security.some((requirement) => requirement.has('other'))
          ? [`${label} uses a security scheme this matrix does not know`]
          : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it.each(contract.operations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers every caller as its security and features say',
    async (_operationId, operation) => {
      const mismatches: string[] = [];
      if (operation.security.length === 0) {
        // Open: credentials change nothing, and nobody is refused for lack of permission.
        const answers = [];
        for (const spec of CALLERS) {
          const { request, response } = await send(operation, spec, variantsOf(operation)[0]!);
          answers.push({ spec, request, response });
        }
        const anonymous = answers[0]!.response.statusCode;
        for (const { spec, request, response } of answers) {
          if (
            response.statusCode !== anonymous ||
            response.statusCode === 403 ||
            response.statusCode >= 500
          ) {
            mismatches.push(
              `${spec.name}: ${describeRequest(request)} -> ${response.statusCode} (anonymous got ${anonymous}) ${response.body.slice(0, 200)}`,
            );
          }
        }
        expect(mismatches, mismatches.join('\n')).toEqual([]);
        return;
      }
      const callers = [...CALLERS, ...namedFeatures(operation).map(lackingCaller)];
      for (const variant of variantsOf(operation)) {
        for (const spec of callers) {
          const expected = await expectation(operation, spec, variant);
          const { request, response } = await send(operation, spec, variant);
          const status = response.statusCode;
          const code = status >= 400 ? (response.json() as { code?: string }).code : undefined;
          const isAsExpected =
            expected.status === 'allowed'
              ? status !== 401 && status !== 403 && (status < 500 || status === 501)
              : status === expected.status && code === expected.code;
          if (!isAsExpected) {
            const wanted = expected.status === 'allowed' ? 'allowed' : `${expected.status} ${expected.code}`;
            mismatches.push(
              `${spec.name}${variant.label}: expected ${wanted}, got ${status} ${response.body.slice(0, 200)} (${describeRequest(request)})`,
            );
          }
        }
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    },
    60_000,
  );
});

/**
 * Departments: a PGA passage never reaches a caller without the PGA capability (`knowledge_pga`),
 * through any operation that answers knowledge, before, during and after a re-upload of its
 * document for other departments (its ingestion held back, as behind a long queue). Who holds the
 * capability is read from the database, as above; a role group holding it under another name reads
 * PGA, the PGA group does so by its feature.
 */
const PGA_FEATURE = 'knowledge_pga';
/** A word only the PGA version of the document holds. */
const SECRET = 'xylophone';
const QUESTION = 'harbour go-live';
const PGA_VERSION = '# Harbour go-live\n\nThe harbour go-live xylophone code is 4417.\n';
const OTHERS_VERSION = '# Harbour go-live\n\nThe harbour go-live is announced on the intranet.\n';
const DEPARTMENTS: Array<string | undefined> = [
  undefined,
  ...(contract.document.components.schemas.Department.enum as string[]),
];

/** How each operation that answers knowledge is asked for the PGA passage (`id`: the document's). */
const KNOWLEDGE_PROBES: Record<string, (id: string) => Array<{ label: string; request: InjectOptions }>> = {
  knowledgeChat: () =>
    DEPARTMENTS.flatMap((department) =>
      ['application/json', 'text/event-stream'].map((accept) => ({
        label: `POST /api/chat ${department ?? 'Knowledge'} (${accept})`,
        request: {
          method: 'POST',
          url: '/api/chat',
          headers: { accept },
          payload: { message: QUESTION, ...(department ? { Department: department } : {}) },
        },
      })),
    ),
  getKnowledgeDocumentFile: (id) => [
    { label: 'GET the file', request: { method: 'GET', url: `/api/knowledge/documents/file?id=${id}` } },
  ],
  getKnowledgeDocumentPassage: (id) => [
    {
      label: 'GET the passage',
      request: { method: 'GET', url: `/api/knowledge/documents/passage?id=${id}&chunk=0` },
    },
  ],
  listKnowledgeDocuments: () => [
    { label: 'GET the documents', request: { method: 'GET', url: '/api/knowledge/documents' } },
  ],
};
/** Operations of the knowledge and chat tags that answer nothing of the knowledge base's text. */
const NOT_ANSWERING_KNOWLEDGE: Record<string, string> = {
  uploadTrainingFiles: 'answers the uploaded files’ names and states',
  deleteKnowledgeDocument: 'answers the deleted document’s name',
  reingestKnowledgeDocument: 'answers the document’s name and state',
  gptChat: 'the AI chat reads no knowledge base',
  elkChat: 'answers metrics',
  elkNewTopic: 'answers nothing',
  getChatHistory: 'lists AI conversations',
  getConversation: 'answers an AI conversation',
  deleteConversation: 'answers nothing',
  searchChatHistory: 'searches the caller’s own AI conversations',
  renameConversation: 'answers the conversation’s new label',
  listAvailableKnowledgeDocuments: 'answers which of the asked document ids the caller may read, no text',
  listStarterQuestions: 'answers example questions, PGA’s only to holders of knowledge_pga',
  setStarterQuestions: 'answers the department’s new example questions',
  getChatAttachmentLimits: 'answers the limits of attached files',
  uploadChatAttachments: 'answers the caller’s own attached files’ names (never the knowledge base)',
};

describe.each(BACKENDS)('departments in the authorization matrix on %s', (backend) => {
  let server: HeldIngestionServer;
  let admin: Caller;
  let documentId: string;
  const callers: Array<{ name: string; caller: Caller; features: ReadonlySet<string> }> = [];

  const ask = (caller: Caller, request: InjectOptions) =>
    server.app.inject({ ...request, headers: { ...caller.headers, ...request.headers } });

  /** Uploads the document (as an administrator) for `departments`; answers its id. */
  async function upload(text: string, departments: Department[]): Promise<string> {
    const body = trainingUpload([{ name: 'harbour-go-live.md', bytes: text }], departments);
    const response = await ask(admin, { method: 'POST', url: '/api/file/success', ...body });
    expect(response.statusCode).toBe(200);
    return (response.json() as { documents: Array<{ id: string }> }).documents[0]!.id;
  }

  /**
   * Every probe as every caller: the secret in no answer to a caller without the capability, and
   * the answers of those with it (none refused for lack of permission) returned for the checks.
   */
  async function probeAll(phase: string) {
    const leaks: string[] = [];
    const granted = new Map<string, string[]>();
    for (const { name, caller, features } of callers) {
      for (const [operationId, probe] of Object.entries(KNOWLEDGE_PROBES)) {
        for (const { label, request } of probe(documentId)) {
          const response = await ask(caller, request);
          const isPgaChat =
            operationId === 'knowledgeChat' &&
            (request.payload as { Department?: string }).Department === 'pga';
          if (!features.has(PGA_FEATURE)) {
            if (response.body.toLowerCase().includes(SECRET)) leaks.push(`${phase}: ${name}, ${label}`);
            // Asking in PGA itself is refused for lack of the capability, as the chat's feature would be.
            if (isPgaChat && features.has('chat') && response.statusCode !== 403)
              leaks.push(`${phase}: ${name}, ${label} answered ${response.statusCode}, not 403`);
          } else if (response.statusCode === 200) {
            granted.set(`${name}: ${label}`, [response.body]);
          }
        }
      }
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    return (caller: string, label: string) => granted.get(`${caller}: ${label}`)?.[0] ?? '';
  }

  beforeAll(async () => {
    server = await startHeldIngestionServer(backend, { chatRateLimit: { max: 100_000, windowSeconds: 60 } });
    const groups: Array<[string, string[]]> = [
      // Holds train and chat, every feature but the capability.
      ['MATRIX_WITHOUT_PGA', FEATURE_NAMES.filter((feature) => feature !== PGA_FEATURE)],
      // The capability under another role group's name.
      ['PARTNERS', ['landing', 'chat', PGA_FEATURE]],
    ];
    for (const [group, features] of groups) {
      await server.db.query('INSERT INTO role_groups (name) VALUES ($1)', [group]);
      await server.db.query(
        'INSERT INTO role_group_features (role_name, feature) SELECT $1, unnest($2::text[])',
        [group, features],
      );
    }
    await addUser(server.db, 'without-pga@example.com', 'MATRIX_WITHOUT_PGA');
    await addUser(server.db, 'partner@example.com', 'PARTNERS');
    admin = await sessionFor(server.db, ADMIN);
    const featuresOf = async (email: string) => {
      const user = await findUserByEmail(server.db, email);
      return new Set((await findRoleGroup(server.db, user!.role))?.feature_names ?? []);
    };
    for (const [name, email, kind] of [
      ['staff session', emailOf('STAFF'), 'session'],
      ['staff token', emailOf('STAFF'), 'token'],
      ['PGA session', emailOf('PGA'), 'session'],
      ['admin session', ADMIN, 'session'],
      ['admin token', ADMIN, 'token'],
      [
        'session of a role group holding every feature but knowledge_pga',
        'without-pga@example.com',
        'session',
      ],
      ['session of a role group PARTNERS holding knowledge_pga', 'partner@example.com', 'session'],
    ] as const) {
      const caller =
        kind === 'session' ? await sessionFor(server.db, email) : await tokenFor(server.db, email);
      callers.push({ name, caller, features: await featuresOf(email) });
    }
    // The PGA group holds the capability as a feature; staff do not.
    expect(callers.find((entry) => entry.name === 'PGA session')!.features.has(PGA_FEATURE)).toBe(true);
    expect(callers.find((entry) => entry.name === 'staff session')!.features.has(PGA_FEATURE)).toBe(false);
  }, 180_000);
  afterAll(() => server?.close());

  it('probes every operation of the knowledge and chat tags that answers knowledge', () => {
    const unprobed = Object.entries(contract.document.paths).flatMap(([, item]) =>
      Object.values(item as Record<string, { operationId?: string; tags?: string[] }>).flatMap((operation) =>
        operation.operationId &&
        operation.tags?.some((tag) => ['knowledge', 'chat', 'files'].includes(tag)) &&
        !(operation.operationId in KNOWLEDGE_PROBES) &&
        !(operation.operationId in NOT_ANSWERING_KNOWLEDGE) &&
        !/review|code/i.test(operation.operationId)
          ? [operation.operationId]
          : [],
      ),
    );
    expect(unprobed).toEqual([]);
  });

  it('never gives a PGA passage to a caller without knowledge_pga, also while a re-upload for other departments waits', async () => {
    const pgaAnswer = (answers: Awaited<ReturnType<typeof probeAll>>, caller: string) =>
      answers(caller, 'POST /api/chat pga (application/json)');

    // A PGA-only document, ingested.
    documentId = await upload(PGA_VERSION, ['pga']);
    await server.ingestQueued();
    const before = await probeAll('PGA-only');
    for (const caller of [
      'PGA session',
      'admin token',
      'session of a role group PARTNERS holding knowledge_pga',
    ]) {
      expect(pgaAnswer(before, caller)).toContain(SECRET);
      for (const label of ['GET the file', 'GET the passage'])
        expect(before(caller, label)).toContain(SECRET);
    }

    // Re-uploaded for IT and Education; its ingestion waits.
    expect(await upload(OTHERS_VERSION, ['it', 'education'])).toBe(documentId);
    const { rows } = await server.db.query<{ status: string }>(
      'SELECT status FROM knowledge_documents WHERE id = $1',
      [documentId],
    );
    expect(rows[0]!.status).toBe('queued');
    const during = await probeAll('re-upload waiting');
    // The old passages still answer, only where they were indexed and only to those with PGA.
    expect(pgaAnswer(during, 'PGA session')).toContain(SECRET);
    expect(during('PGA session', 'POST /api/chat it (application/json)')).not.toContain(SECRET);

    // The new version lands: its text answers IT, the PGA passage is gone.
    await server.ingestQueued();
    const after = await probeAll('new version landed');
    expect(pgaAnswer(after, 'PGA session')).not.toContain(SECRET);
    const staff = callers.find((entry) => entry.name === 'staff session')!.caller;
    const inIt = await ask(staff, {
      method: 'POST',
      url: '/api/chat',
      payload: { message: QUESTION, Department: 'it' },
    });
    expect(inIt.body).toContain('announced on the intranet');
    // Three rounds of every knowledge-answering operation for seven callers: well over the default
    // limit on a two-core machine busy with other work.
  }, 240_000);
});

/**
 * AI conversations are one person's: no other caller (an administrator, by session or token,
 * included) finds, opens, renames or deletes them, through any chat operation that takes a
 * conversation or searches History; the owner's conversation is unchanged afterwards.
 */
const OWNED_SECRET = 'marzipan';
const CONVERSATION_PROBES: Record<string, (id: string) => { request: InjectOptions; refused: boolean }> = {
  getChatHistory: () => ({
    request: { method: 'POST', url: '/api/chat/getHistory', payload: {} },
    refused: false,
  }),
  searchChatHistory: () => ({
    request: { method: 'GET', url: `/api/chat/history/search?q=${OWNED_SECRET}` },
    refused: false,
  }),
  getConversation: (id) => ({
    request: { method: 'POST', url: '/api/chat/getConversation', payload: { ConversationId: id } },
    refused: true,
  }),
  renameConversation: (id) => ({
    request: {
      method: 'POST',
      url: '/api/chat/rename',
      payload: { ConversationId: id, ChipSummary: 'renamed by someone else' },
    },
    refused: true,
  }),
  deleteConversation: (id) => ({
    request: { method: 'POST', url: '/api/chat/delete', payload: { ConversationId: id } },
    refused: true,
  }),
};

describe.each(BACKENDS)('other people’s AI conversations in the authorization matrix on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.close());

  it('probes every chat operation that takes a conversation or lists them', () => {
    const unprobed = contract.operations
      .filter((operation) => /conversation|chathistory/i.test(operation.operationId))
      .map((operation) => operation.operationId)
      .filter((operationId) => !(operationId in CONVERSATION_PROBES));
    expect(unprobed).toEqual([]);
  });

  it('lets nobody but its owner find, open, rename or delete a conversation', async () => {
    const owner = await findUserByEmail(server.db, emailOf('STAFF'));
    const { rows } = await server.db.query<{ id: string }>(
      'INSERT INTO chat_conversations (user_id, summary) VALUES ($1, $2) RETURNING id',
      [owner!.id, `About ${OWNED_SECRET}`],
    );
    const id = rows[0]!.id;
    await server.db.query(
      `INSERT INTO chat_messages (conversation_id, role, content) VALUES ($1, 'user', $2)`,
      [id, `The ${OWNED_SECRET} recipe`],
    );
    await addUser(server.db, 'other-staff@example.com', 'STAFF');
    const others: Array<[string, { headers: Record<string, string> }]> = [
      ['another staff session', await sessionFor(server.db, 'other-staff@example.com')],
      ['admin session', await sessionFor(server.db, ADMIN)],
      ['admin token', await tokenFor(server.db, ADMIN)],
    ];
    const leaks: string[] = [];
    for (const [name, caller] of others) {
      for (const [operationId, probe] of Object.entries(CONVERSATION_PROBES)) {
        const { request, refused } = probe(id);
        const response = await server.app.inject({ ...request, headers: caller.headers });
        if (response.body.includes(OWNED_SECRET) || response.body.includes(id))
          leaks.push(`${name}: ${operationId} answered the conversation`);
        if (refused ? response.statusCode !== 404 : response.statusCode !== 200)
          leaks.push(`${name}: ${operationId} answered ${response.statusCode}`);
      }
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    const ownerSession = await sessionFor(server.db, emailOf('STAFF'));
    const found = await server.app.inject({
      method: 'GET',
      url: `/api/chat/history/search?q=${OWNED_SECRET}`,
      headers: ownerSession.headers,
    });
    expect(found.json()).toMatchObject({
      Results: [{ ConversationId: id, ChipSummary: `About ${OWNED_SECRET}` }],
    });
  });
});

/** Each operation on one answer's vote: what another person gets for someone's answer (404 for all). */
const ANSWER_PROBES: Record<string, (answerId: string) => InjectOptions> = {
  setAnswerFeedback: (id) => ({
    method: 'PUT',
    url: '/api/chat/feedback',
    payload: { AnswerId: id, vote: 'down', comment: 'not mine' },
  }),
  deleteAnswerFeedback: (id) => ({ method: 'DELETE', url: `/api/chat/feedback?AnswerId=${id}` }),
};

describe.each(BACKENDS)('other people’s answers in the authorization matrix on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.close());

  it('probes every operation that takes an answer to vote on', () => {
    const unprobed = contract.operations
      .filter((operation) => /answerfeedback/i.test(operation.operationId))
      .filter((operation) => !/^(list|export)/.test(operation.operationId))
      .map((operation) => operation.operationId)
      .filter((operationId) => !(operationId in ANSWER_PROBES));
    expect(unprobed).toEqual([]);
  });

  it('lets nobody but its asker vote on an AI, knowledge or ELK answer, or withdraw the vote', async () => {
    const owner = await findUserByEmail(server.db, emailOf('STAFF'));
    const { rows } = await server.db.query<{ id: string }>(
      'INSERT INTO chat_conversations (user_id, summary) VALUES ($1, $2) RETURNING id',
      [owner!.id, 'Mine'],
    );
    const asked = await server.db.query<{ id: string }>(
      `INSERT INTO chat_messages (conversation_id, role, content) VALUES ($1, 'user', 'Q'), ($1, 'assistant', 'A')
       RETURNING id::text AS id`,
      [rows[0]!.id],
    );
    const kept = await server.db.query<{ id: string }>(
      `INSERT INTO kept_answers (user_id, chat, department, question, answer)
       VALUES ($1, 'knowledge', 'it', 'Q', 'A'), ($1, 'elk', NULL, 'Q', 'A') RETURNING id::text AS id`,
      [owner!.id],
    );
    const answers = [asked.rows[1]!.id, ...kept.rows.map((row) => row.id)];
    // The owner's own votes stand, so a withdrawal by someone else has one to find.
    const ownerSession = await sessionFor(server.db, emailOf('STAFF'));
    for (const id of answers) {
      const own = await server.app.inject({
        ...ANSWER_PROBES.setAnswerFeedback!(id),
        headers: ownerSession.headers,
      });
      expect(own.statusCode).toBe(200);
    }
    await addUser(server.db, 'another-voter@example.com', 'STAFF');
    const others: Array<[string, { headers: Record<string, string> }]> = [
      ['another staff session', await sessionFor(server.db, 'another-voter@example.com')],
      ['admin session', await sessionFor(server.db, ADMIN)],
      ['admin token', await tokenFor(server.db, ADMIN)],
    ];
    const breaches: string[] = [];
    for (const [name, caller] of others) {
      for (const id of answers) {
        for (const [operationId, probe] of Object.entries(ANSWER_PROBES)) {
          const response = await server.app.inject({ ...probe(id), headers: caller.headers });
          if (response.statusCode !== 404)
            breaches.push(`${name}: ${operationId} ${id} -> ${response.statusCode}`);
        }
      }
    }
    expect(breaches, breaches.join('\n')).toEqual([]);
    const votes = await server.db.query<{ vote: string; comment: string | null }>(
      'SELECT vote, comment FROM answer_feedback WHERE user_id = $1',
      [owner!.id],
    );
    expect(votes.rows).toHaveLength(3);
    expect(votes.rows.every((row) => row.vote === 'down' && row.comment === 'not mine')).toBe(true);
    const ownersOnly = await server.db.query('SELECT 1 FROM answer_feedback WHERE user_id <> $1', [
      owner!.id,
    ]);
    expect(ownersOnly.rows).toEqual([]);
  });
});

/**
 * A file attached to a question is its owner's: nobody else (another staff member, an administrator
 * by session or token) gets an answer from it, in the AI chat or a knowledge chat, whatever its id.
 */
const ATTACHED_SECRET = 'quokka';
describe.each(BACKENDS)('other people’s attached files in the authorization matrix on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.close());

  it('lets nobody but its owner ask about an attached file', async () => {
    const owner = await findUserByEmail(server.db, emailOf('STAFF'));
    const { rows } = await server.db.query<{ id: string }>(
      'INSERT INTO chat_attachments (user_id, name, size, passages) VALUES ($1, $2, $3, $4) RETURNING id',
      [
        owner!.id,
        'zoo.md',
        40,
        JSON.stringify([{ text: `The ${ATTACHED_SECRET} is fed at noon.`, headingPath: [] }]),
      ],
    );
    const id = rows[0]!.id;
    await addUser(server.db, 'another-staff@example.com', 'STAFF');
    const others: Array<[string, { headers: Record<string, string> }]> = [
      ['another staff session', await sessionFor(server.db, 'another-staff@example.com')],
      ['admin session', await sessionFor(server.db, ADMIN)],
      ['admin token', await tokenFor(server.db, ADMIN)],
    ];
    const probes: InjectOptions[] = [
      { method: 'POST', url: '/api/chat/gpt', payload: { Message: 'When is it fed?', Attachments: [id] } },
      { method: 'POST', url: '/api/chat', payload: { message: 'When is it fed?', Attachments: [id] } },
    ];
    const leaks: string[] = [];
    for (const [name, caller] of others) {
      for (const probe of probes) {
        const response = await server.app.inject({ ...probe, headers: caller.headers });
        if (response.body.includes(ATTACHED_SECRET)) leaks.push(`${name}: ${probe.url} answered the file`);
        if (response.statusCode !== 404) leaks.push(`${name}: ${probe.url} answered ${response.statusCode}`);
      }
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    const mine = await server.app.inject({
      ...probes[1]!,
      headers: (await sessionFor(server.db, emailOf('STAFF'))).headers,
    });
    expect(mine.body).toContain(ATTACHED_SECRET);
  });
});
