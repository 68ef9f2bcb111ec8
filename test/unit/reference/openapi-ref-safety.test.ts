import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { apiReference, bodyOf, textOf } from '../../helpers/openapi.ts';

// Specs come from upstream, and what a $ref reads is published on the operation's page. A $ref
// may read only files of the project (or beside a spec the config names outside it): never an
// absolute path, a file: URL, a path climbing out, a symlink out, a FIFO, nor a URL.

const canary = `canary-${crypto.randomUUID()}`;

const spec = (description: string, responses = "'200': { description: OK }") => `openapi: 3.0.3
info:
  title: Canary API
  version: '1'
paths:
  /things:
    get:
      operationId: listThings
      description: ${description}
      responses:
        ${responses}
`;

function write(folder: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
}

/** A project folder with `files`, and a folder beside it (outside it) holding the canary. */
function project(files: Record<string, string>): { root: string; outside: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-project-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outside-'));
  write(outside, { 'secret.md': `The token is ${canary}.\n` });
  write(root, files);
  return { root, outside };
}

const pageTexts = (pages: { body: unknown }[]) => pages.map((page) => textOf(bodyOf(page as Parameters<typeof bodyOf>[0]))).join('\n');
const refusedAt = /^invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "[^"]+" leads outside the project/;

describe('a $ref reads only files of the project', () => {
  for (const [name, ref] of [
    ['an absolute path out of the project', (outside: string) => path.join(outside, 'secret.md')],
    ['a file: URL out of the project', (outside: string) => `file://${path.join(outside, 'secret.md')}`],
    ['a relative path climbing out of the project', (outside: string) => `../${path.basename(outside)}/secret.md`],
  ] as const) {
    test(`${name} is refused where it is written`, async () => {
      const { root, outside } = project({});
      write(root, { 'api.yaml': spec(`{ $ref: '${ref(outside)}' }`) });
      const { pages, diagnostics } = await apiReference(root, { spec: 'api.yaml' });
      assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
      const [error] = diagnostics.errors;
      assert.equal(error.file, 'api.yaml');
      assert.equal(error.line, 9);
      assert.match(error.message, refusedAt);
      assert.match(error.hint ?? '', /inside the project \(.*\): copy the file there/);
      assert.doesNotMatch(pageTexts(pages), new RegExp(canary));
    });
  }

  test('/proc/self/environ and /etc/passwd are refused', async () => {
    for (const ref of ['/proc/self/environ', '/etc/passwd']) {
      const { root } = project({ 'api.yaml': spec(`{ $ref: '${ref}' }`) });
      const { pages, diagnostics } = await apiReference(root, { spec: 'api.yaml' });
      assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
      assert.match(diagnostics.errors[0].message, refusedAt);
      assert.doesNotMatch(pageTexts(pages), /PATH=|root:/);
    }
  });

  test('a $ref in a file another $ref reaches is checked too, and named in that file', async () => {
    const { root, outside } = project({ 'api.yaml': spec('Lists things.', "'200': { $ref: './parts/responses.yaml#/Ok' }") });
    write(root, { 'parts/responses.yaml': `Ok:\n  description: { $ref: '../../${path.basename(outside)}/secret.md' }\n` });
    const { diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].file, 'parts/responses.yaml');
    assert.equal(diagnostics.errors[0].line, 2);
    assert.match(diagnostics.errors[0].message, /^invalid OpenAPI at \/Ok\/description: the \$ref "\.\.\/\.\.\/portal-outside-\w+\/secret\.md" leads outside the project/);
  });

  test('a symlink in the project that leads out of it is refused', async () => {
    const { root, outside } = project({ 'api.yaml': spec("{ $ref: './linked.md' }") });
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'linked.md'));
    const { pages, diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.match(diagnostics.errors[0]?.message ?? '', /the \$ref "\.\/linked\.md" leads outside the project \(to .*secret\.md\)/);
    assert.doesNotMatch(pageTexts(pages), new RegExp(canary));
  });

  test('the spec file itself symlinked out of the project is refused', async () => {
    const { root, outside } = project({});
    write(outside, { 'api.yaml': spec("{ $ref: './secret.md' }") });
    fs.symlinkSync(path.join(outside, 'api.yaml'), path.join(root, 'api.yaml'));
    const { pages, diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].file, 'api.yaml');
    assert.match(diagnostics.errors[0].message, /^the spec leads outside the project/);
    assert.deepEqual(pages, []);
  });

  test('a remote $ref is refused: builds read no URL', async () => {
    const { root } = project({ 'api.yaml': spec("{ $ref: 'https://specs.example.test/texts.yaml#/Intro' }") });
    const { diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].line, 9);
    assert.match(diagnostics.errors[0].message, /^invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "https:\/\/specs\.example\.test\/texts\.yaml#\/Intro" is on the network; builds read no URL/);
  });

  test('a $ref to a FIFO is refused instead of hanging the build', { timeout: 30_000 }, async () => {
    const { root } = project({ 'api.yaml': spec("{ $ref: './pipe.md' }") });
    execFileSync('mkfifo', [path.join(root, 'pipe.md')]);
    const { diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.match(diagnostics.errors[0]?.message ?? '', /the \$ref "\.\/pipe\.md" is a FIFO \(named pipe\), not a regular file/);
  });

  test('a Swagger 2.0 file has its $refs checked before the converter reads them', async () => {
    const { root, outside } = project({});
    const swagger = `swagger: '2.0'\ninfo: { title: Old, version: '1' }\npaths:\n  /things:\n    get:\n      operationId: listThings\n      description: { $ref: '${path.join(outside, 'secret.md')}' }\n      responses: { 200: { description: OK } }\n`;
    write(root, { 'swagger.yaml': swagger });
    const { pages, diagnostics } = await apiReference(root, { spec: 'swagger.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].line, 7);
    assert.match(diagnostics.errors[0].message, refusedAt);
    assert.doesNotMatch(pageTexts(pages), new RegExp(canary));
  });
});

describe('every refused $ref is named in one build', () => {
  test('three bad $refs (outside the project, on the network, a missing file in a file another $ref reaches) are three errors of one build', async () => {
    const { root } = project({
      'api.yaml': spec("{ $ref: '/etc/passwd' }", "'200': { $ref: './parts/responses.yaml#/Ok' }\n        '404': { description: { $ref: 'https://specs.example.test/missing.md' } }"),
      'parts/responses.yaml': "Ok:\n  description: { $ref: './no-such-text.md' }\n",
    });
    const { diagnostics } = await apiReference(root, { spec: 'api.yaml' });
    assert.deepEqual(
      diagnostics.errors.map((error) => `${error.file}:${error.line} ${error.message.replace(/ \(to .*$/, '').replace(/leads outside the project.*/, 'leads outside the project')}`).sort(),
      [
        'api.yaml:9 invalid OpenAPI at /paths/~1things/get/description: the $ref "/etc/passwd" leads outside the project',
        'api.yaml:12 invalid OpenAPI at /paths/~1things/get/responses/404/description: the $ref "https://specs.example.test/missing.md" is on the network; builds read no URL (a changed remote file would change the site unseen)',
        'parts/responses.yaml:2 invalid OpenAPI at /Ok/description: cannot read "./no-such-text.md" (ENOENT)',
      ].sort(),
    );
  });
});

describe('what a $ref may read', () => {
  test('a file elsewhere in the project', async () => {
    const { root } = project({ 'specs/api.yaml': spec("{ $ref: '../common/things.md' }"), 'common/things.md': 'Things, **described** once for every spec.\n' });
    const { pages, diagnostics } = await apiReference(root, { spec: 'specs/api.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    assert.match(pageTexts(pages), /Things, described once for every spec/);
  });

  test('a file beside a spec the config names outside the project, but nothing above that folder', async () => {
    const { root, outside } = project({});
    write(outside, { 'vendor/api.yaml': spec("{ $ref: './intro.md' }"), 'vendor/intro.md': 'Written by the vendor.\n', 'vendor/climbing.yaml': spec("{ $ref: '../secret.md' }") });
    const named = await apiReference(root, { spec: path.relative(root, path.join(outside, 'vendor/api.yaml')) });
    assert.deepEqual(named.diagnostics.errors, []);
    assert.match(pageTexts(named.pages), /Written by the vendor/);
    const climbing = await apiReference(root, { spec: path.relative(root, path.join(outside, 'vendor/climbing.yaml')) });
    assert.match(climbing.diagnostics.errors[0]?.message ?? '', refusedAt);
    assert.doesNotMatch(pageTexts(climbing.pages), new RegExp(canary));
  });
});
