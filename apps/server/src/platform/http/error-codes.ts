// Error codes come from the contract, like feature names: `ErrorCode` lists every code the server
// may send, `ErrorCodeByStatus` the code of an error that names none (shared with the SDK, which
// gets it as a generated type). Read from openapi.yaml at start-up; a table naming a code outside
// the enum fails start-up.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { openapiPath } from '../config/paths.js';

interface ContractErrorCodes {
  codes: ReadonlySet<string>;
  byStatus: Readonly<Record<string, string>>;
}

function contractErrorCodes(): ContractErrorCodes {
  const file = openapiPath();
  const schemas = parse(readFileSync(file, 'utf8'))?.components?.schemas ?? {};
  const codes: unknown = schemas.ErrorCode?.enum;
  if (!Array.isArray(codes) || codes.length === 0 || codes.some((code) => typeof code !== 'string')) {
    throw new Error(`${file} defines no ErrorCode enum of strings`);
  }
  const properties: Record<string, { const?: unknown }> = schemas.ErrorCodeByStatus?.properties ?? {};
  const byStatus = Object.fromEntries(
    Object.entries(properties).map(([status, schema]) => [status, String(schema.const)]),
  );
  for (const key of ['4XX', '5XX']) {
    if (!byStatus[key]) throw new Error(`${file}: ErrorCodeByStatus has no "${key}" entry`);
  }
  const outside = Object.values(byStatus).filter((code) => !codes.includes(code));
  if (outside.length > 0) {
    throw new Error(`${file}: ErrorCodeByStatus names codes missing from ErrorCode: ${outside.join(', ')}`);
  }
  return { codes: new Set(codes), byStatus: Object.freeze(byStatus) };
}

const contract = contractErrorCodes();

/** Every error code of the contract's `ErrorCode` enum. */
export const ERROR_CODES: ReadonlySet<string> = contract.codes;

/** The contract's `ErrorCodeByStatus` table. */
export const ERROR_CODE_BY_STATUS: Readonly<Record<string, string>> = contract.byStatus;

/** The code of an error answer with this status that names none: its own entry, else its class's. */
export function errorCodeForStatus(status: number): string {
  return (
    ERROR_CODE_BY_STATUS[String(status)] ??
    ERROR_CODE_BY_STATUS[`${Math.floor(status / 100)}XX`] ??
    ERROR_CODE_BY_STATUS['5XX']!
  );
}
