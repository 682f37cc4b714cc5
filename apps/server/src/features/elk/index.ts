// The ELK agent: metrics questions answered from Elasticsearch or the embedded demo metrics.
export { createElkAgent, type ElkTimings } from './agent.js';
export { elkMigrations } from './migrations.js';
export { elkModule } from './module.js';
