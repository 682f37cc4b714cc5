// Features are modules: each brings its own migrations (tracked per module name), its handlers and
// a start/stop lifecycle (e.g. registering job workers). The server and the admin CLI build from one
// list of modules, so both apply the same migrations.
import type { FeatureContext } from '../features/context.js';
import type { Queryable } from './db/db.js';
import type { Handlers } from './http/contract.js';

/** One schema change of a module. Never edit a released migration: append a new one. */
export interface Migration {
  /** Ascending within the module; unique within the module. */
  version: number;
  name: string;
  /** Statements without parameters, run in the migration transaction. */
  sql: string;
}

export interface FeatureModule {
  /** Unique; also the namespace its migrations are tracked under. */
  name: string;
  /** Versions ascending within the module. */
  migrations?: readonly Migration[];
  /**
   * Run by every migrate() (each start-up and the admin CLI's), after every module's migrations, in
   * their transaction and under their lock; modules in list order. For data each start-up must
   * ensure (roles: CORE_ADMINS holds every feature).
   */
  afterMigrations?(tx: Queryable): Promise<void>;
  handlers?(context: FeatureContext): Handlers;
  /** Called once the app is ready (e.g. to register job workers). */
  start?(context: FeatureContext): Promise<void>;
  /** Called when the app closes, before the database is closed. */
  stop?(): Promise<void>;
}

/** Every module's handlers in one table (a handler named twice is an error). */
export function collectHandlers(modules: readonly FeatureModule[], context: FeatureContext): Handlers {
  const handlers: Handlers = {};
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [operationId, handler] of Object.entries(module.handlers?.(context) ?? {})) {
      const previous = owner.get(operationId);
      if (previous) {
        throw new Error(`Operation ${operationId} has handlers in modules ${previous} and ${module.name}`);
      }
      owner.set(operationId, module.name);
      handlers[operationId] = handler;
    }
  }
  return handlers;
}

/**
 * Starts the modules in order. When one fails, those already started are stopped and the error
 * is thrown. Returns the function that stops them all, in reverse order.
 */
export async function startModules(
  modules: readonly FeatureModule[],
  context: FeatureContext,
): Promise<() => Promise<void>> {
  const started: FeatureModule[] = [];
  const stopAll = async () => {
    for (const module of started.reverse()) {
      try {
        await module.stop?.();
      } catch (error) {
        context.log.error({ err: error, module: module.name }, 'module did not stop cleanly');
      }
    }
    started.length = 0;
  };
  for (const module of modules) {
    try {
      await module.start?.(context);
    } catch (error) {
      await stopAll();
      throw new Error(
        `Module ${module.name} could not start: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    started.push(module);
  }
  return stopAll;
}
