import { readFile } from 'node:fs/promises';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createRolesHandlers } from '../../features/roles/handlers.js';
import { createUsersHandlers } from '../../features/users/handlers.js';
import type { components } from '../../generated/contract.js';
import { defineHandlers, type RequestBodyOf, type ResponseOf, type TypedRequest } from './typed-handlers.js';

const contractUrl = new URL('../../../../../openapi/openapi.yaml', import.meta.url);
const generatedUrl = new URL('../../generated/contract.ts', import.meta.url);

describe('handlers typed from the contract', () => {
  it('read types generated from the current openapi.yaml (run `pnpm --filter @digital-assistant/server run generate`)', async () => {
    // Same call and options as the openapi-typescript CLI behind the `generate` script.
    const expected = `${COMMENT_HEADER}${astToString(await openapiTS(contractUrl))}`;
    const committed = await readFile(generatedUrl, 'utf8');
    expect(committed === expected, 'src/generated/contract.ts is stale: run the generate script').toBe(true);
  });

  it('give each handler its operation request and answer types, and refuse what the contract does not allow', () => {
    expectTypeOf<RequestBodyOf<'deleteUsers'>>().toEqualTypeOf<components['schemas']['DeleteUsersRequest']>();
    expectTypeOf<TypedRequest<'generateToken'>['query']>().toHaveProperty('expires_in_days');
    expectTypeOf<ResponseOf<'listRoleGroups'>>().toEqualTypeOf<components['schemas']['RoleGroupList']>();

    // These lines are checked by `tsc`: each @ts-expect-error fails the build if the error is gone.
    const handlers = defineHandlers({
      async deleteUsers(request) {
        // @ts-expect-error the contract's field is `emails`
        request.body.email;
        return { message: 'Deleted.', deleted: request.body.emails };
      },
      // @ts-expect-error an answer must have the contract's shape
      async listRoleGroups() {
        return { roles: [{ role_name: 'STAFF', feature_names: ['not_a_feature'] }] };
      },
    });
    expect(Object.keys(handlers)).toEqual(['deleteUsers', 'listRoleGroups']);
    const orphans = defineHandlers({
      // @ts-expect-error a handler must name an operation of the contract
      async notAnOperation() {
        return {};
      },
    });
    expect(Object.keys(orphans)).toEqual(['notAnOperation']);
  });

  it('are what the features register', () => {
    const context = {} as Parameters<typeof createUsersHandlers>[0];
    expect(Object.keys(createUsersHandlers(context))).toContain('createUser');
    expect(Object.keys(createRolesHandlers(context))).toContain('viewRoleGroup');
  });
});
