import type { FastifyBaseLogger } from 'fastify';
import type { Blobs } from '../platform/blobs/blobs.js';
import type { Config } from '../platform/config/config.js';
import type { Db, Queryable } from '../platform/db/db.js';
import type { Jobs } from '../platform/jobs/jobs.js';
import type { ServerMetrics } from '../platform/operations/metrics.js';
import type { SsoClient } from './identity/index.js';
import type { KnowledgeVectors } from './knowledge/index.js';

/** What every feature's handlers are built with. */
export interface FeatureContext {
  db: Db;
  config: Config;
  /** Public origin of the server (known once it listens when not configured). */
  publicUrl: () => string;
  log: FastifyBaseLogger;
  /** Durable background work shared by every instance on the database. */
  jobs: Jobs;
  /** Uploaded bytes, readable by every instance. */
  blobs: Blobs;
  /** The single sign-on client (the built-in provider's or the configured OIDC_ISSUER's). */
  sso: SsoClient;
  /** The server's Prometheus metrics, for what a feature measures itself (absent in some tests). */
  metrics?: ServerMetrics;
  /**
   * Ends every browser session of these users, in the caller's transaction: identity's
   * `endUserSessions`, given to users (deactivation) here since identity's entry imports users'.
   */
  endUserSessions: (tx: Queryable, userIds: readonly string[]) => Promise<void>;
  /** Embeddings of the knowledge base (hybrid retrieval), when LLM_EMBEDDING_MODEL is configured. */
  knowledgeVectors?: KnowledgeVectors;
}
