#!/usr/bin/env node
// Writes src/generated/contract.json: the parts of openapi/openapi.yaml that validation needs (every
// operation's parameters, request bodies and responses, and the components they point to), without
// the prose. `@digital-assistant/sdk/testing` bundles it, so it never reads the YAML at run time.
// With --check, only says whether the committed file is current (exit 1 when it is not).
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const contractUrl = new URL('../../../openapi/openapi.yaml', import.meta.url);
const outputUrl = new URL('../src/generated/contract.json', import.meta.url);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const OPERATION_KEYS = [
  'operationId',
  'x-extension',
  'x-required-feature',
  'parameters',
  'requestBody',
  'responses',
];
/** Annotations no validator reads. */
const PROSE = new Set(['description', 'summary', 'examples', 'example', 'externalDocs', 'tags']);
/** Maps whose keys are names chosen by the contract (a property may well be called `description`). */
const NAMED_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'schemas',
  'responses',
  'requestBodies',
  'parameters',
  'headers',
  'content',
  'encoding',
  'mapping',
]);

function stripProse(value, isNamedMap = false) {
  if (Array.isArray(value)) return value.map((item) => stripProse(item));
  if (value === null || typeof value !== 'object') return value;
  const result = {};
  for (const [key, child] of Object.entries(value)) {
    if (!isNamedMap && PROSE.has(key)) continue;
    result[key] = stripProse(child, !isNamedMap && NAMED_MAPS.has(key));
  }
  return result;
}

/** The validation-relevant subset of an OpenAPI 3.1 document, as stable JSON text. */
export function bundleContract(document) {
  const paths = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const bundled = {};
    if (item.parameters) bundled.parameters = item.parameters;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      bundled[method] = Object.fromEntries(
        OPERATION_KEYS.filter((key) => operation[key] !== undefined).map((key) => [key, operation[key]]),
      );
    }
    paths[path] = bundled;
  }
  const { securitySchemes: _securitySchemes, ...components } = document.components ?? {};
  const bundle = {
    openapi: document.openapi,
    version: document.info?.version,
    paths: stripProse(paths, true),
    components: stripProse(components, true),
  };
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

async function main() {
  const expected = bundleContract(parse(await readFile(contractUrl, 'utf8')));
  if (process.argv.includes('--check')) {
    const committed = await readFile(outputUrl, 'utf8').catch(() => '');
    if (committed !== expected) {
      console.error(
        'src/generated/contract.json is stale: run `pnpm --filter @digital-assistant/sdk run generate`',
      );
      process.exit(1);
    }
    console.log('src/generated/contract.json is current');
    return;
  }
  await writeFile(outputUrl, expected);
  console.log('✨ src/generated/contract.json written');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
