// Contract fuzzing: every operation of openapi.yaml gets requests generated from its schemas, valid
// ones and ones broken in every part (query, path, JSON and multipart bodies: NUL bytes, very long
// strings, odd unicode, edge dates, wrong types, missing and extra fields), from an anonymous caller,
// a staff session and an administrator session. Whatever arrives, the server never answers 5xx (but
// the 501 of a capability not built yet), every error carries the error body, every 2xx is what the
// contract says, and every status and error code is one the contract lists. New operations are
// fuzzed as soon as they are in the contract.
//
// Each operation first gets deterministic probes (one fault in each place of a small valid request:
// NUL bytes, too long strings, edge date-times, out-of-range numbers, wrong types, missing fields),
// then FUZZ_RUNS (default 16) random requests per caller (a quarter for anonymous calls to signed-in
// operations), within a time limit per property. A random failure prints fast-check's seed: replay
// it with FUZZ_SEED=<seed> (and -t '<test name>').
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../features/identity/demo-accounts.js';
import { restoreSnapshot, type Snapshot, takeSnapshot } from '../../test/contract/fixtures.js';
import {
  answerProblems,
  anyRequestArbitrary,
  Contract,
  type ContractOperation,
  describeRequest,
  type GeneratedRequest,
  isDeclaredStatus,
  probeRequests,
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
import { loadContract } from './contract.js';

const contract = new Contract(loadContract(openapiPath()));
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Past this, a property stops generating (and reports what it found so far, shrinking included). */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 8_000);

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'CORE_ADMINS')!.email;
const STAFF = DEMO_ACCOUNTS.find((account) => account.role === 'STAFF')!.email;
const CALLERS = ['anonymous', 'staff session', 'admin session'] as const;
/** A user and a role group the fuzzer adds: probes built on them get past "does it exist" checks. */
const TARGET_USER = 'fuzz-target@example.com';
const TARGET_GROUP = 'FUZZ_GROUP';
const PROBE_BASES = [{}, { email: TARGET_USER, text: TARGET_GROUP }];
type CallerName = (typeof CALLERS)[number];
const ERROR_CODES = new Set<string>(contract.document.components?.schemas?.ErrorCode?.enum ?? []);

function errorCodeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown })?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

describe.each(BACKENDS)('contract fuzzing on %s', (backend) => {
  let server: TestServer;
  let snapshot: Snapshot;
  const callers = new Map<CallerName, Caller | undefined>();
  /** Statuses and error codes the contract does not list for an operation, each with an example. */
  const undeclared = new Map<string, Map<string, string>>();
  let generators: Map<string, { random: fc.Arbitrary<GeneratedRequest>; probes: GeneratedRequest[] }>;

  async function openSessions(): Promise<void> {
    callers.set('anonymous', undefined);
    callers.set('staff session', await sessionFor(server.db, STAFF));
    callers.set('admin session', await sessionFor(server.db, ADMIN));
  }

  // Up to 180 s: starting a server and seeding callers takes long on a loaded two-core machine.
  beforeAll(async () => {
    server = await startTestServer(backend);
    // Listening lets startSso discover the built-in identity provider over real HTTP.
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    // Things that exist make requests go further: users, a role group, tokens to revoke.
    await server.db.query('INSERT INTO role_groups (name) VALUES ($1)', [TARGET_GROUP]);
    await server.db.query("INSERT INTO role_group_features VALUES ($1, 'landing'), ($1, 'chat')", [
      TARGET_GROUP,
    ]);
    await addUser(server.db, TARGET_USER, TARGET_GROUP);
    for (const email of [ADMIN, STAFF]) await tokenFor(server.db, email);
    snapshot = await takeSnapshot(server.db, [ADMIN, STAFF, TARGET_USER]);
    await openSessions();

    const users = await server.db.query<{ email: string }>('SELECT email FROM users');
    const roles = await server.db.query<{ name: string }>('SELECT name FROM role_groups');
    const tokens = await server.db.query<{ id: string }>('SELECT id FROM personal_access_tokens');
    const dictionary = [
      '*',
      // Same-origin paths, for returnTo-like parameters.
      '/',
      '/chat',
      ...users.rows.map((row) => row.email),
      ...roles.rows.flatMap((row) => [row.name, row.name.toLowerCase()]),
      ...tokens.rows.map((row) => row.id),
    ];
    const context = { ...contract.context, dictionary };
    generators = new Map(
      contract.operations.map((operation) => [
        operation.operationId,
        {
          random: anyRequestArbitrary(operation, context),
          probes: probeRequests(operation, context, PROBE_BASES),
        },
      ]),
    );
  }, 180_000);
  afterAll(() => server?.close());

  const cases = contract.operations.flatMap((operation) =>
    CALLERS.map((caller) => [operation.operationId, caller] as const),
  );

  /** Sends one request; answers what is wrong with the answer (undefined when nothing is). */
  async function check(
    operation: ContractOperation,
    callerName: CallerName,
    request: GeneratedRequest,
  ): Promise<string | undefined> {
    // app.inject itself rather than call(): a status the contract does not list is collected for
    // the last test instead of hiding a 5xx or a wrong body found by the same request.
    const response = await server.app.inject({
      ...request,
      headers: { ...callers.get(callerName)?.headers, ...request.headers },
    });
    const status = response.statusCode;
    const unlisted: string[] = [];
    if (status < 500 && !isDeclaredStatus(contract, operation, status)) unlisted.push(`status ${status}`);
    const code = status >= 400 ? errorCodeOf(response.body) : undefined;
    if (code !== undefined && !ERROR_CODES.has(code)) unlisted.push(`error code '${code}'`);
    for (const what of unlisted) {
      const seen = undeclared.get(operation.operationId) ?? new Map<string, string>();
      if (!seen.has(what)) seen.set(what, describeRequest(request));
      undeclared.set(operation.operationId, seen);
    }
    // Whatever the request changed (callers deleted, re-roled, logged out...) is put back.
    if (status >= 200 && status < 400) {
      await restoreSnapshot(server.db, snapshot);
      await openSessions();
    }
    const problems = answerProblems(contract, operation, response);
    return problems.length > 0
      ? `${describeRequest(request)}\n  -> ${status} ${response.body.slice(0, 300)}\n  ${problems.join('\n  ')}`
      : undefined;
  }

  it.each(cases)(
    '%s from %s: never 5xx, errors with the error body, 2xx as the contract says',
    async (operationId, callerName) => {
      const operation = contract.operations.find((candidate) => candidate.operationId === operationId)!;
      const { random, probes } = generators.get(operationId)!;
      // Anonymous calls to signed-in operations stop at 401 before anything else runs: fewer suffice.
      const isShortCircuited = callerName === 'anonymous' && operation.security.length > 0;
      // One fault in each place first (NUL bytes, lengths, edge dates...), every failure reported.
      const failures: string[] = [];
      for (const request of isShortCircuited ? probes.slice(0, 1) : probes) {
        const problem = await check(operation, callerName, request);
        if (problem) failures.push(problem);
      }
      // Then random requests, the first failure shrunk to a small one.
      try {
        await fc.assert(
          fc.asyncProperty(random, async (request) => {
            const problem = await check(operation, callerName, request);
            if (problem) throw new Error(problem);
          }),
          {
            numRuns: isShortCircuited ? Math.ceil(RUNS / 4) : RUNS,
            ...(SEED !== undefined ? { seed: SEED } : {}),
            plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)],
          },
        );
      } catch (error) {
        failures.push(`Random requests (replay with FUZZ_SEED): ${(error as Error).message}`);
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    60_000,
  );

  it('answers only statuses the contract lists for each operation, and only ErrorCode codes', () => {
    const report = [...undeclared].flatMap(([operationId, answers]) =>
      [...answers].map(([what, example]) => `${operationId} answered ${what}, e.g. to ${example}`),
    );
    expect(report).toEqual([]);
  });
});
