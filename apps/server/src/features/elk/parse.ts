// The deterministic reading of an ELK question (used when no language model is configured): the
// environment, the tenant, the metrics and the period it names. Names are matched against what the
// metrics source holds (its catalog), so "tenant acme in prod" and "Acme production" both resolve;
// a tenant or environment named but unknown is reported so the answer can list the known ones.
import type { MetricKey, MetricsCatalog } from './metrics.js';
import { type Period, type PeriodReading, type PeriodShift, readPeriod } from './period.js';

/** What a question says; every part is optional (a follow-up says only what changes). */
export interface QuestionParts {
  environment?: string;
  tenant?: string;
  metrics?: MetricKey[];
  period?: Period;
  shift?: PeriodShift;
  /** Named but not in the catalog. */
  unknownEnvironment?: string;
  unknownTenant?: string;
  /** A name the question asks about ("cpu for umbrella") that is neither a known environment nor tenant. */
  unknownName?: string;
  /** A period that cannot be (why). */
  invalidPeriod?: string;
  /** "all environments" / "all tenants": drop that filter. */
  allEnvironments?: boolean;
  allTenants?: boolean;
}

const ENVIRONMENT_ALIASES: Record<string, string[]> = {
  prod: ['prod', 'production', 'prd', 'live'],
  staging: ['staging', 'stage', 'stg', 'preprod', 'pre-prod'],
  dev: ['dev', 'development', 'develop'],
};

const METRIC_WORDS: Array<[MetricKey, RegExp]> = [
  ['cpu', /\b(cpu|processor|compute)\b/],
  ['memory', /\b(memory|mem|ram)\b/],
  ['requests', /\b(requests?|request count|req\/s|traffic|throughput|calls|hits)\b/],
  ['error_rate', /\b(errors?|error rate|failures?|failure rate|5xx)\b/],
  ['p95_latency', /\b(p95|latency|latencies|response times?|slowness|slow)\b/],
];

/**
 * Words that follow "for", "of", "in" or "on" without naming an environment or a tenant ("for the
 * last week", "in total", "of requests"); any other word there is read as a name the question asks about.
 */
const NOT_NAMES = new Set(
  [
    'a an the this that these those it its them me us my our your all any every each both same whole entire',
    'last past previous prior next today yesterday tonight now then while time period range moment',
    'minute minutes hour hours day days week weeks month months year years weekend',
    'sunday monday tuesday wednesday thursday friday saturday',
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september',
    'oct october nov november dec december',
    'one two three four five six seven eight nine ten eleven twelve few couple several',
    'tenant tenants customer customers client clients environment environments env envs',
    'everything everyone metrics metric average avg mean max maximum min minimum peak trend trends',
    'usage use utilization utilisation load total general detail details percent percentage ms utc',
    'servers server hosts host service services system systems cluster clusters there here response',
    'api apis app apps application applications endpoint endpoints database databases db',
    'node nodes pod pods instance instances machine machines',
    'what which how and or to from since over between until with without about per',
  ]
    .join(' ')
    .split(' '),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` as a whole word (or phrase) in `text`. */
function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\w-])${escapeRegExp(name.toLowerCase())}($|[^\\w-])`).test(text);
}

/** Reads what a question says, against the names the source knows, at `now`. */
export function parseQuestion(question: string, catalog: MetricsCatalog, now: Date): QuestionParts {
  const text = question.toLowerCase().replace(/\s+/g, ' ').trim();
  const parts: QuestionParts = {};

  // Tenants: a known name anywhere (longest first), else one named after "tenant"/"customer".
  const tenants = [...catalog.tenants].sort((a, b) => b.length - a.length);
  const knownTenant = tenants.find((tenant) => mentions(text, tenant));
  if (knownTenant) parts.tenant = knownTenant;
  else {
    const named = /\b(?:tenant|customer|client)\s+(?:named\s+|called\s+)?["'`]?([^\s"'`?,;]+)/.exec(
      question.replace(/\s+/g, ' '),
    );
    const name = named?.[1]?.replace(/[.!]+$/, '');
    if (name && !/^(in|on|for|over|during|of|and)$/i.test(name)) parts.unknownTenant = name;
  }
  if (/\b(all|every|each) tenants?\b|\bacross tenants\b/.test(text)) {
    parts.allTenants = true;
    delete parts.tenant;
    delete parts.unknownTenant;
  }

  // Environments: the catalog's names and their usual aliases.
  for (const environment of catalog.environments) {
    const aliases = [environment, ...(ENVIRONMENT_ALIASES[environment.toLowerCase()] ?? [])];
    if (aliases.some((alias) => mentions(text, alias))) {
      parts.environment = environment;
      break;
    }
  }
  if (!parts.environment) {
    const named =
      /\b(?:environment|env)\s+["'`]?([a-z0-9_-]+)|\bin\s+([a-z0-9_-]+)\s+(?:environment|env)\b/.exec(text);
    const name = named?.[1] ?? named?.[2];
    if (name) parts.unknownEnvironment = name;
  }
  if (/\b(all|every|each) environments?\b|\bacross environments\b/.test(text)) {
    parts.allEnvironments = true;
    delete parts.environment;
    delete parts.unknownEnvironment;
  }

  // A name asked about that the source does not hold and no "tenant"/"environment" introduced
  // ("cpu for umbrella"): without this the question would quietly be answered for another target.
  if (!parts.tenant && !parts.unknownTenant && !parts.unknownEnvironment) {
    const name = unknownNameIn(text, catalog);
    if (name && parts.environment) parts.unknownTenant = name;
    else if (name) parts.unknownName = name;
  }

  // Metrics.
  if (/\b(all|every) metrics\b|\beverything\b|\ball of them\b/.test(text)) {
    parts.metrics = METRIC_WORDS.map(([key]) => key);
  } else {
    const metrics = METRIC_WORDS.filter(([, pattern]) => pattern.test(text)).map(([key]) => key);
    // "error rate" also says "errors"; "request count" also "requests": one each.
    if (metrics.length > 0) parts.metrics = metrics;
  }

  applyPeriod(parts, readPeriod(text, now));
  return parts;
}

function applyPeriod(parts: QuestionParts, reading: PeriodReading): void {
  if (!reading) return;
  if ('period' in reading) parts.period = reading.period;
  else if ('shift' in reading) parts.shift = reading.shift;
  else parts.invalidPeriod = reading.invalid;
}

/** The first word after "for", "of", "in" or "on" that names nothing known and is no common word. */
function unknownNameIn(text: string, catalog: MetricsCatalog): string | undefined {
  const known = new Set(
    [...catalog.tenants, ...catalog.environments, ...Object.entries(ENVIRONMENT_ALIASES).flat(2)].map(
      (name) => name.toLowerCase(),
    ),
  );
  for (const match of text.matchAll(/\b(?:for|of|in|on)\s+([a-z][\w-]*)/g)) {
    const word = match[1]!;
    if (NOT_NAMES.has(word) || known.has(word)) continue;
    if (METRIC_WORDS.some(([, pattern]) => pattern.test(word))) continue;
    return word;
  }
  return undefined;
}
