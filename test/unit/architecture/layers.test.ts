import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { type Layer, layerViolations, readImportGraph, renderingOutside } from '../../helpers/import-graph.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { mcpEntryPoints } from '../../../src/build/mcp-package.ts';

// The layers of docs/architecture.md, from the bottom up. A module imports only from its own
// layer or one below; `shared` is the only code both node and the browser import. The sources
// (one tier) sit side by side: none imports another.
export const layers: Layer[] = [
  { name: 'shared', paths: ['src/shared/'], mayImport: [] },
  { name: 'templates', paths: ['templates/'], mayImport: ['shared'] },
  { name: 'client', paths: ['src/client/'], mayImport: ['shared', 'templates'], private: true },
  { name: 'model', paths: ['src/page.ts', 'src/errors.ts', 'src/portal-root.ts', 'src/portal-version.ts', 'src/util/', 'src/cache/'] },
  { name: 'config', paths: ['src/config/'] },
  { name: 'markdown', paths: ['src/markdown/'] },
  { name: 'content', paths: ['src/content/'], tier: 'sources' },
  { name: 'openapi', paths: ['src/openapi/'], tier: 'sources' },
  { name: 'typedoc', paths: ['src/typedoc/'], tier: 'sources' },
  { name: 'twins', paths: ['src/markdown-twins/'] },
  { name: 'kinds', paths: ['src/kinds/'] },
  { name: 'site', paths: ['src/site/'] },
  { name: 'render', paths: ['src/render/', 'src/social-cards/'] },
  { name: 'links / search', paths: ['src/links/', 'src/search/'] },
  { name: 'output', paths: ['src/output/'] },
  { name: 'build', paths: ['src/build/'] },
  { name: 'serve / mcp / cli', paths: ['src/serve/', 'src/mcp/', 'bin/', 'scripts/build-cli.mjs'] },
  // The tools: the CLI's compiler, the test runner, the benchmarks. Some read test helpers.
  { name: 'test helpers', paths: ['test/helpers/'] },
  { name: 'tools', paths: ['scripts/', 'bench/'] },
];

const folders = ['src', 'templates', 'bin', 'scripts', 'bench'];

// Only the kinds, the shell renderer and the client render React or import a template.
const renderers = ['src/kinds/', 'src/render/', 'src/client/', 'templates/'];

// Imports the design forbids that are still there (none now: OpenAPI reads the sample checks from
// the Markdown layer, and the build passes it the npm releases reader).
const sourcesStillShared: string[] = [];

// Files outside the renderers that import a template or react-dom/server: none (every page is
// drawn by its kind; the models sources build are page data in src/shared/). A new one fails.
const stillRendering: string[] = [];

describe('layers', () => {
  const edges = readImportGraph(repoRoot, folders, ['react-dom/server']).filter((edge) => edge.to !== 'react-dom/server');

  test('every import points down the layers (or stays in its own), and no source imports another', () => {
    assert.deepEqual(layerViolations(edges, layers).sort(), sourcesStillShared);
  });

  test('only the kinds, the shell renderer and the client render React or import templates', () => {
    assert.deepEqual(renderingOutside(readImportGraph(repoRoot, folders, ['react-dom/server']), renderers), stillRendering);
  });

  test('the MCP bundles (the client a site ships and its /mcp function) reach no page kind, template, renderer, build step or project root', () => {
    // They run outside any checkout: a chain into the kind table once bundled every template and
    // portal-root's package.json lookup, which threw there. Type imports count: a chain is a chain.
    const importsOf = new Map<string, string[]>();
    for (const { from, to } of edges) importsOf.set(from, [...(importsOf.get(from) ?? []), to]);
    for (const entry of Object.values(mcpEntryPoints)) {
      const reached = new Set<string>([entry]);
      for (const file of reached) for (const imported of importsOf.get(file) ?? []) reached.add(imported);
      assert.ok(reached.size > 5, `${entry} is read`);
      assert.deepEqual([...reached].filter((file) => /^(src\/(kinds|render|build)\/|templates\/|src\/portal-root\.ts$)/.test(file)), [], `${entry} reaches these`);
    }
  });

  test('a planted backward import, a worker started by name and a render outside the kinds fail the checks, read from real files', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    const plant = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    plant('src/config/schema.ts', "import { build } from '../build/build.ts';\nexport const schema = build;\n");
    plant('src/build/build.ts', 'export const build = 1;\n');
    plant('src/mcp/server.ts', "import '../client/router.ts';\n");
    plant('src/client/router.ts', 'export {};\n');
    plant('src/content/docs.ts', "import { pages } from '../openapi/pages.tsx';\nexport const docs = pages;\n");
    plant('src/openapi/pages.tsx', "import { renderToStaticMarkup } from 'react-dom/server';\nexport const pages = renderToStaticMarkup;\n");
    plant('src/markdown/worker-start.ts', "import { workerUrl } from '../util/worker-url.ts';\nexport const url = workerUrl('deep-worker', import.meta.url);\n");
    plant('src/markdown/workers/deep-worker.mjs', "await import('../../serve/serve.ts');\n");
    plant('src/util/worker-url.ts', 'export const workerUrl = (name: string, url: string) => new URL(name, url);\n');
    plant('src/serve/serve.ts', 'export {};\n');
    // A generated folder (the bench's corpus holds copies whose imports point anywhere): not a source.
    plant('src/.corpus/copy/uses-build.ts', "import '../../build/build.ts';\n");
    const planted = readImportGraph(root, ['src'], ['react-dom/server']);
    assert.deepEqual(layerViolations(planted.filter((edge) => edge.to !== 'react-dom/server'), layers).sort(), [
      'src/config/schema.ts (config) imports src/build/build.ts (build)',
      'src/content/docs.ts (content) imports src/openapi/pages.tsx (openapi)',
      'src/markdown/workers/deep-worker.mjs (markdown) imports src/serve/serve.ts (serve / mcp / cli)',
      'src/mcp/server.ts (serve / mcp / cli) imports src/client/router.ts (client)',
    ]);
    assert.ok(planted.some((edge) => edge.from === 'src/markdown/worker-start.ts' && edge.to === 'src/markdown/workers/deep-worker.mjs'), 'the worker started by name is an import');
    assert.deepEqual(renderingOutside(planted, renderers), ['src/openapi/pages.tsx']);
    assert.ok(!planted.some((edge) => edge.from.includes('/.corpus/')), 'a hidden folder is not read');
  });
});
