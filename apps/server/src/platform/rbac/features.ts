// The feature permissions of spec section 3 (contract `FeatureName`) and the role groups seeded
// with them. A role group holds feature names; every operation names the one it requires.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { components } from '../../generated/contract.js';
import { openapiPath } from '../config/paths.js';

/** A feature permission name of the contract. */
export type Feature = components['schemas']['FeatureName'];

/**
 * Every feature permission name, read from the contract's `FeatureName` enum so the server and the
 * clients can never disagree on them (the `Feature` type is generated from the same enum, and a
 * test keeps the generated file current).
 */
export const FEATURES: readonly Feature[] = contractFeatureNames();

function contractFeatureNames(): readonly Feature[] {
  const file = openapiPath();
  const names = parse(readFileSync(file, 'utf8'))?.components?.schemas?.FeatureName?.enum;
  if (!Array.isArray(names) || names.length === 0 || names.some((name) => typeof name !== 'string')) {
    throw new Error(`${file} defines no FeatureName enum of strings`);
  }
  return Object.freeze([...names]);
}

const featureSet: ReadonlySet<string> = new Set(FEATURES);

export function isFeature(name: string): name is Feature {
  return featureSet.has(name);
}

/** The administrator role group: always holds every feature. */
export const ADMIN_ROLE = 'CORE_ADMINS';

const STAFF_FEATURES: Feature[] = [
  'landing',
  'index',
  'chat',
  'chatgpt',
  'search',
  'session_create',
  'session_validate',
  'session_end',
  'code_enhancement_upload',
  'token_creator',
];

/**
 * Role groups created by the first start-up (admins may change STAFF and PGA afterwards), as the
 * first release seeded them: core migration 3 then grants PGA the PGA capability (`knowledge_pga`).
 */
export const SEED_ROLE_GROUPS: ReadonlyArray<{ name: string; features: readonly Feature[] }> = [
  { name: ADMIN_ROLE, features: FEATURES },
  { name: 'STAFF', features: STAFF_FEATURES },
  { name: 'PGA', features: STAFF_FEATURES },
];

for (const group of SEED_ROLE_GROUPS) {
  const unknown = group.features.filter((feature) => !isFeature(feature));
  if (unknown.length > 0)
    throw new Error(`Seed role group ${group.name} names unknown features: ${unknown.join(', ')}`);
}
