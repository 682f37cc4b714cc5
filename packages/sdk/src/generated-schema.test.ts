import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FEATURE_NAMES } from './features';
import type { FeatureName } from './types';

const contractUrl = new URL('../../../openapi/openapi.yaml', import.meta.url);
const generatedUrl = new URL('./generated/schema.ts', import.meta.url);

describe('generated contract types', () => {
  it('are current with openapi/openapi.yaml (run `pnpm --filter @digital-assistant/sdk run generate`)', async () => {
    // Same call and options as the openapi-typescript CLI behind the `generate` script.
    const expected = `${COMMENT_HEADER}${astToString(await openapiTS(contractUrl))}`;
    const committed = await readFile(generatedUrl, 'utf8');
    expect(committed === expected, 'src/generated/schema.ts is stale: run the generate script').toBe(true);
  });

  it('bundle the current contract for the testing entry (src/generated/contract.json)', async () => {
    const script = fileURLToPath(new URL('../scripts/bundle-contract.mjs', import.meta.url));
    await expect(promisify(execFile)(process.execPath, [script, '--check'])).resolves.toBeTruthy();
  });

  it('FEATURE_NAMES lists every feature of the contract exactly once', () => {
    expectTypeOf<(typeof FEATURE_NAMES)[number]>().toEqualTypeOf<FeatureName>();
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    expect(FEATURE_NAMES).toHaveLength(36);
  });
});
