import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { test } from 'node:test';
import { buildSite, copyFixture } from '../helpers/fixtures.ts';

const guide = 'content/docs/infinity/guides/second-guide.md';
const guideHtml = 'dist/docs/infinity/guides/second-guide/index.html';

test('a cache store that cannot be written is a warning naming it: the build succeeds and its output is swapped in', async () => {
  const site = copyFixture('basic');
  // A folder where the store's file goes: reading it is a miss, writing it fails.
  const store = path.join(site, '.portal-cache', 'build', 'pages.v8');
  fs.mkdirSync(path.join(store, 'inside'), { recursive: true });
  fs.appendFileSync(path.join(site, guide), '\nAn edit the build must publish.\n');
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, JSON.stringify(summary.errors));
  const warning = summary.warnings.find((problem) => problem.file === store);
  assert.ok(warning, `a warning names ${store}: ${JSON.stringify(summary.warnings)}`);
  assert.match(warning.message, /could not be saved/);
  assert.match(warning.hint ?? '', /delete/);
  assert.match(fs.readFileSync(path.join(site, guideHtml), 'utf8'), /An edit the build must publish\./);
  // The other stores were saved all the same.
  assert.ok(fs.statSync(path.join(site, '.portal-cache', 'build', 'docs.v8')).isFile());
  assert.deepEqual(fs.readdirSync(path.join(site, '.portal-cache', 'build')).filter((name) => name.endsWith('.tmp')), [], 'no partial store left');
});

/** The basic fixture with the reference of one small installed package. */
function siteWithPackage(): string {
  const site = copyFixture('basic');
  const dir = path.join(site, 'node_modules', '@fixture', 'session');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/session', version: '1.0.0', types: 'dist/index.d.ts' }));
  fs.writeFileSync(path.join(dir, 'dist', 'index.d.ts'), '/** Opens a session. */\nexport declare function openSession(name: string): Promise<void>;\n');
  const config = path.join(site, 'portal.config.ts');
  const extra = `  npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/session'] }],\n`;
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('  licenseRequest:', `${extra}  licenseRequest:`));
  return site;
}

test('cache files of the wrong shape are misses: the build makes their content again and succeeds', async () => {
  const site = siteWithPackage();
  const first = await buildSite(site);
  assert.equal(first.ok, true, JSON.stringify(first.errors));
  assert.deepEqual(first.typedoc?.converted, ['@fixture/session']);
  const cache = path.join(site, '.portal-cache');
  const models = fs.readdirSync(path.join(cache, 'typedoc')).filter((name) => name.startsWith('@fixture__session@') && name.endsWith('.json'));
  assert.equal(models.length, 1, `one cached model: ${models}`);
  const before = fs.readFileSync(path.join(site, guideHtml), 'utf8');

  // A store holding a string, not a map of entries; another whose path is a folder; a TypeDoc
  // model that is an empty object; and no reference store, so the model is read.
  fs.writeFileSync(path.join(cache, 'build', 'docs.v8'), v8.serialize('x'));
  fs.writeFileSync(path.join(cache, 'build', 'search.v8'), v8.serialize(new Map([['key', 'not bytes']])));
  fs.rmSync(path.join(cache, 'build', 'pages.v8'));
  fs.mkdirSync(path.join(cache, 'build', 'pages.v8'));
  fs.rmSync(path.join(cache, 'build', 'reference.v8'));
  fs.writeFileSync(path.join(cache, 'typedoc', models[0]), '{}');

  const second = await buildSite(site);
  assert.equal(second.ok, true, JSON.stringify(second.errors));
  assert.deepEqual(second.typedoc?.converted, ['@fixture/session'], 'the empty model is made again');
  assert.equal(second.cache?.docs.hits, 0);
  assert.equal(second.cache?.pages.hits, 0);
  assert.equal(fs.readFileSync(path.join(site, guideHtml), 'utf8'), before);
  assert.match(fs.readFileSync(path.join(site, 'dist/docs/infinity/packages/session/index.html'), 'utf8'), /openSession/);
  // The stores of the wrong shape were written again as they should be (the folder is still in the way: a warning).
  assert.ok(second.warnings.some((problem) => problem.file === path.join(cache, 'build', 'pages.v8')));
  const third = await buildSite(site);
  assert.equal(third.ok, true);
  assert.deepEqual(third.typedoc?.fromCache, ['@fixture/session']);
  assert.ok((third.cache?.docs.hits ?? 0) > 0, 'the docs store is whole again');
});
