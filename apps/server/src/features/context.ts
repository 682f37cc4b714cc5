import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config/config.js';
import type { Db } from '../platform/db/db.js';

/** What every feature's handlers are built with. */
export interface FeatureContext {
  db: Db;
  config: Config;
  /** Public origin of the server (known once it listens when not configured). */
  publicUrl: () => string;
  log: FastifyBaseLogger;
}
