import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../helpers/fixtures.ts';
import { compareSpecWithPackage, readPackageOperations } from '../helpers/vpaas-package-operations.ts';

// The VPaaS spec is written here, by hand; @pexip/vpaas-api's generated types are the API's own
// description. Every operation and schema the package declares must be in the spec with the same
// operationId, parameters, body fields and response statuses, or the reference silently lacks it.

// The package exports only ESM entry points, so resolve its main module and read the declarations next to it.
const packageDist = path.dirname(fileURLToPath(import.meta.resolve('@pexip/vpaas-api')));
const declarations = fs.readFileSync(path.join(packageDist, 'api.types.d.ts'), 'utf8');
const spec = parse(fs.readFileSync(path.join(repoRoot, 'content', 'specs', 'vpaas.openapi.yaml'), 'utf8')) as Record<string, unknown>;

test('the package declares the organisation operations the spec must document', () => {
  const { operations } = readPackageOperations(declarations);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  assert.equal(byId.get('listOrgs')?.key, 'GET /v1/orgs');
  assert.equal(byId.get('patchOrg')?.key, 'PATCH /v1/orgs/{organisation_id}');
  assert.deepEqual(byId.get('listOrgProjects')?.parameters, ['path:organisation_id', 'query:cursor']);
  assert.deepEqual(byId.get('createOrg')?.bodyFields, [{ name: 'name', required: true }]);
  assert.deepEqual(byId.get('patchOrg')?.statuses, ['200', '304', '400', '401', '403', '404']);
  assert.ok(operations.length >= 27, `expected every operation, read ${operations.length}`);
});

test('every operation and schema of @pexip/vpaas-api is in content/specs/vpaas.openapi.yaml, field for field', () => {
  assert.deepEqual(compareSpecWithPackage(spec, declarations), []);
});

test('a spec without the organisation operations, or with a field missing, is reported', () => {
  const trimmed = structuredClone(spec) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> } };
  delete trimmed.paths['/v1/orgs'];
  delete trimmed.components.schemas.Organisation.properties.name;
  trimmed.components.schemas.Organisation.required = trimmed.components.schemas.Organisation.required.filter((name) => name !== 'name');
  const problems = compareSpecWithPackage(trimmed, declarations);
  assert.ok(problems.includes('GET /v1/orgs (listOrgs) is in @pexip/vpaas-api but not in the spec'), problems.join('\n'));
  assert.ok(problems.includes('POST /v1/orgs (createOrg) is in @pexip/vpaas-api but not in the spec'), problems.join('\n'));
  assert.ok(problems.some((problem) => problem.startsWith('schema Organisation: fields created_at, id, updated_at but the package has')), problems.join('\n'));
});
