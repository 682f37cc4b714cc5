// The authorization matrix, generated from the contract: every operation of openapi.yaml x every
// kind of caller. What each caller must get is derived, not written down: from the operation's
// security schemes, its `x-required-feature` (and `x-additional-required-feature`), and the features
// the caller's role group holds in the database. Allowed callers never get 401/403; the others get
// exactly 401 (no, invalid or revoked credentials, or a scheme the operation does not accept) or 403
// (a feature missing, or the XSRF header missing where the scheme requires it). Each request is a small
// schema-valid one, so authorization, not validation, decides; operations answering 501 are checked too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
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
