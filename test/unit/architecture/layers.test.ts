import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Layer, layerViolations, readImportGraph } from '../../helpers/import-graph.ts';
import { repoRoot } from '../../helpers/fixtures.ts';

// The layers of docs/architecture.md, from the bottom up. A module imports only from its own
// layer or one below; `shared` is the only code both node and the browser import.
export const layers: Layer[] = [
  { name: 'shared', paths: ['src/shared/'], mayImport: [] },
  { name: 'templates', paths: ['templates/'], mayImport: ['shared'] },
  { name: 'client', paths: ['src/client/'], mayImport: ['shared', 'templates'], private: true },
  { name: 'model', paths: ['src/page.ts', 'src/errors.ts', 'src/portal-root.ts', 'src/util/', 'src/cache/'] },
  { name: 'config', paths: ['src/config/'] },
  { name: 'markdown', paths: ['src/markdown/'] },
  { name: 'content / reference', paths: ['src/content/', 'src/reference/'] },
  { name: 'twins', paths: ['src/markdown-twins/'] },
  { name: 'kinds', paths: ['src/kinds/'] },
  { name: 'site', paths: ['src/site/'] },
  { name: 'render', paths: ['src/render/', 'src/social-cards/'] },
  { name: 'links / search', paths: ['src/links/', 'src/search/'] },
  { name: 'output', paths: ['src/output/'] },
  { name: 'build', paths: ['src/build/'] },
  { name: 'serve / mcp / cli', paths: ['src/serve/', 'src/mcp/', 'bin/', 'scripts/'] },
];

const folders = ['src', 'templates', 'bin'];

describe('layers', () => {
  test('every import points down the layers (or stays in its own)', () => {
    assert.deepEqual(layerViolations(readImportGraph(repoRoot, folders), layers), []);
  });

  test('a planted backward import fails the check', () => {
    const edges = [...readImportGraph(repoRoot, folders), { from: 'src/config/schema.ts', to: 'src/build/build.ts' }, { from: 'src/mcp/server.ts', to: 'src/client/router.ts' }];
    assert.deepEqual(layerViolations(edges, layers), ['src/config/schema.ts (config) imports src/build/build.ts (build)', 'src/mcp/server.ts (serve / mcp / cli) imports src/client/router.ts (client)']);
  });
});
