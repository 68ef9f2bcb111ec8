import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { buildLlmsFiles } from '../../../src/markdown-twins/llms-txt.ts';
import { buildApiReference } from '../../../src/openapi/index.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { apiReference, bodyOf, markdownProcessor, specFolder, twinOf } from '../../helpers/openapi.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';

// Each API's description is published beside its overview as one file (openapi.yaml and
// openapi.json): what other files its $refs name is inlined, its own $refs are kept, and the
// overview, its twin and llms.txt link it.
const main = `openapi: 3.0.3
info: { title: Kennel API, version: '1' }
paths:
  /dogs/{id}:
    get:
      operationId: getDog
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { $ref: '#/components/responses/Dog' }
components:
  responses:
    Dog:
      description: The dog.
      content:
        application/json:
          schema: { $ref: ./schemas/dog.yaml }
`;

function folder(): string {
  const root = specFolder({ 'api.yaml': main });
  fs.mkdirSync(path.join(root, 'schemas'));
  fs.writeFileSync(path.join(root, 'schemas/dog.yaml'), 'type: object\nproperties:\n  name: { type: string }\n');
  return root;
}

const refsIn = (node: unknown): string[] => (!node || typeof node !== 'object' ? [] : Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [String(value)] : refsIn(value))));

test('the bundled description is published beside the overview, in YAML and JSON, and linked from it, its twin and llms.txt', async () => {
  const { pages, diagnostics } = await apiReference(folder(), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.problems, []);
  const overview = pages.find((page) => page.route === '/docs/vpaas/api/kennel-api')!;
  const downloads = new Map(overview.downloads?.map((download) => [download.url, download.contents]));
  assert.deepEqual([...downloads.keys()], ['/docs/vpaas/api/openapi.yaml', '/docs/vpaas/api/openapi.json']);
  const yaml = parse(downloads.get('/docs/vpaas/api/openapi.yaml')!);
  assert.deepEqual(yaml, JSON.parse(downloads.get('/docs/vpaas/api/openapi.json')!), 'the two files say the same');
  assert.deepEqual(refsIn(yaml), ['#/components/responses/Dog'], "the other file's schema is inlined, the spec's own $ref kept");
  assert.deepEqual(yaml.components.responses.Dog.content['application/json'].schema, { type: 'object', properties: { name: { type: 'string' } } });

  assert.match(bodyOf(overview), /<a href="\/docs\/vpaas\/api\/openapi\.yaml" download="">openapi\.yaml<\/a> or <a href="\/docs\/vpaas\/api\/openapi\.json" download="">openapi\.json<\/a>/);
  assert.match(twinOf(overview), /\[openapi\.yaml\]\(https:\/\/example\.test\/docs\/vpaas\/api\/openapi\.yaml\) or \[openapi\.json\]\(https:\/\/example\.test\/docs\/vpaas\/api\/openapi\.json\)/);
  const llms = buildLlmsFiles([{ page: overview, llms: 'guide', markdown: twinOf(overview) }], { title: 'Site', tagline: 'Docs', siteUrl: 'https://example.test', areas: [{ id: 'vpaas', label: 'VPaaS', path: 'vpaas' }] });
  for (const file of ['llms.txt', 'docs/vpaas/llms.txt']) {
    assert.match(llms.find((candidate) => candidate.file === file)!.contents, /## VPaaS: OpenAPI descriptions\n\n- \[Kennel API\]\(https:\/\/example\.test\/docs\/vpaas\/api\/openapi\.yaml\): .*\(\[JSON\]\(https:\/\/example\.test\/docs\/vpaas\/api\/openapi\.json\)\)/, file);
  }
});

test('two APIs in one folder would overwrite each other\'s description: the second is refused, naming the config', async () => {
  const root = folder();
  fs.copyFileSync(path.join(root, 'api.yaml'), path.join(root, 'other.yaml'));
  const entry = { area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } };
  const config = validateConfig({ ...fixtureConfig, openapi: [{ ...entry, spec: 'api.yaml' }, { ...entry, spec: 'other.yaml' }] });
  const diagnostics = new Diagnostics();
  await buildApiReference(root, config, markdownProcessor, renderArticle, diagnostics);
  assert.deepEqual(diagnostics.errors.map((problem) => [problem.file, problem.message]), [['portal.config.ts', 'openapi "other.yaml": folder "vpaas/api" is already the folder of "api.yaml"']]);
});
