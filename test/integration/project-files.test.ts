import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { build as buildPortal } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { commandsSideBySide, runPortal } from '../helpers/cli.ts';
import { copyFixture, repoRoot } from '../helpers/fixtures.ts';

// What the build reads it may publish. Each row plants a way to make it read a file outside the
// project (a spec's $ref, a symlink, a path climbing out, a FIFO) next to a canary: an
// environment variable of the build and the text of files outside the project. The build must
// refuse, naming the file or $ref, and no file of the output may hold the canary.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');
const canary = `canary-${crypto.randomUUID()}`;
// A build that reads a FIFO never ends: the guard turns that into a failure.
const buildTimeoutMs = 120_000;
const buildOptions = { env: { ...process.env, PORTAL_CANARY: canary }, timeout: buildTimeoutMs };
const build = (cwd: string) => spawnSync(process.execPath, [cli, 'build'], { cwd, encoding: 'utf8', ...buildOptions });

const guide = 'content/docs/infinity/guides/second-guide.md';
const write = (root: string, file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const link = (root: string, file: string, target: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.symlinkSync(target, path.join(root, file));
};
const addToGuide = (root: string, markdown: string) => write(root, guide, fs.readFileSync(path.join(root, guide), 'utf8').replace('Back to the', `${markdown} Back to the`));
const addSpec = (root: string, description: string) => {
  write(root, 'specs/api.yaml', `openapi: 3.0.3\ninfo:\n  title: Canary API\n  version: '1'\npaths:\n  /things:\n    get:\n      operationId: listThings\n      description: ${description}\n      responses:\n        '200': { description: OK }\n`);
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('licenseRequest:', "openapi: [{ spec: 'specs/api.yaml', area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],\n  licenseRequest:"));
};

/** Files outside the project, each holding the canary: what a symlink or a climbing path could reach. */
function outsideFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outside-'));
  write(folder, 'secret.md', `The token is ${canary}.\n`);
  write(folder, 'photo.png', `not a picture: ${canary}`);
  write(folder, 'diagram.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>${canary}</text></svg>`);
  write(folder, 'docs/borrowed.md', `---\ntitle: Borrowed\n---\n\nThe token is ${canary}.\n`);
  return folder;
}

/** Every output file that holds `text` (all of dist/, pages, twins, llms files, page data, assets). */
function filesHolding(site: string, text: string): string[] {
  const dist = path.join(site, 'dist');
  if (!fs.existsSync(dist)) return [];
  return (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) => {
    const absolute = path.join(dist, file);
    return fs.statSync(absolute).isFile() && fs.readFileSync(absolute).includes(text);
  });
}

interface Case {
  name: string;
  plant: (site: string, outside: string) => void;
  message: RegExp;
  /** Text that must appear in no output file besides the canary (e.g. /etc/passwd's first entry). */
  secret?: string;
}

const cases: Case[] = [
  {
    name: "a spec's $ref to /proc/self/environ",
    plant: (site) => addSpec(site, "{ $ref: '/proc/self/environ' }"),
    message: /specs\/api\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "\/proc\/self\/environ" leads outside the project \(to \/proc\/\d+\/environ\)/,
  },
  {
    name: "a spec's $ref climbing out of the project",
    plant: (site, outside) => addSpec(site, `{ $ref: '${path.relative(path.join(site, 'specs'), path.join(outside, 'secret.md'))}' }`),
    message: /specs\/api\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "\.\.\/\.\.\/portal-outside-\w+\/secret\.md" leads outside the project/,
  },
  {
    name: "a spec's $ref to /etc/passwd",
    plant: (site) => addSpec(site, "{ $ref: '/etc/passwd' }"),
    message: /specs\/api\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "\/etc\/passwd" leads outside the project/,
    secret: fs.readFileSync('/etc/passwd', 'utf8').split('\n')[0],
  },
  {
    name: 'a page symlinked to /proc/self/environ',
    plant: (site) => link(site, 'content/docs/infinity/guides/environ.md', '/proc/self/environ'),
    message: /content\/docs\/infinity\/guides\/environ\.md {2}error: this path leads outside the project \(to \/proc\/\d+\/environ\)/,
  },
  {
    name: 'a custom page symlinked out of the project',
    plant: (site, outside) => link(site, 'content/pages/borrowed.md', path.join(outside, 'docs/borrowed.md')),
    message: /content\/pages\/borrowed\.md {2}error: this file leads outside the project/,
  },
  {
    name: 'a docs folder symlinked out of the project',
    plant: (site, outside) => link(site, 'content/docs/infinity/borrowed', path.join(outside, 'docs')),
    message: /content\/docs\/infinity\/borrowed {2}error: this path leads outside the project/,
  },
  {
    name: 'an image symlinked to a file outside the project',
    plant: (site, outside) => {
      link(site, 'content/docs/infinity/guides/img/photo.png', path.join(outside, 'photo.png'));
      addToGuide(site, '![A photo](./img/photo.png)');
    },
    message: /second-guide\.md:7:1 {2}error: image "\.\/img\/photo\.png" leads outside the project/,
  },
  {
    name: 'an image path climbing out of the project',
    plant: (site, outside) => addToGuide(site, `![A photo](../../../../../${path.basename(outside)}/photo.png)`),
    message: /second-guide\.md:7:1 {2}error: image "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/portal-outside-\w+\/photo\.png" leads outside the project/,
  },
  {
    name: 'an SVG inlined from outside the static folder by a root-relative path',
    plant: (site, outside) => addToGuide(site, `![A diagram](/../../../${path.basename(outside)}/diagram.svg)`),
    message: /second-guide\.md:7:1 {2}error: image "\/\.\.\/\.\.\/\.\.\/portal-outside-\w+\/diagram\.svg" leads outside content\/static \(to \/[^)]*\/portal-outside-\w+\/diagram\.svg\)/,
  },
  {
    name: 'an image in a hidden folder of the project',
    plant: (site) => {
      write(site, 'content/docs/infinity/guides/.private/photo.png', `not a picture: ${canary}`);
      addToGuide(site, '![A photo](./.private/photo.png)');
    },
    message: /second-guide\.md:7:1 {2}error: image "\.\/\.private\/photo\.png" is hidden \("\.private" starts with "\."\), and hidden files are not published\n {2}Rename "\.private" without the leading "\." to publish it\./,
  },
  {
    name: 'a static file symlinked to /proc/self/environ',
    plant: (site) => link(site, 'content/static/files/environ.txt', '/proc/self/environ'),
    message: /content\/static\/files\/environ\.txt {2}error: this path leads outside the project/,
  },
  {
    name: "a static file symlinked to the project's .env",
    plant: (site) => {
      write(site, '.env', `TOKEN=${canary}\n`);
      link(site, 'content/static/env.txt', '../../.env');
    },
    message: /content\/static\/env\.txt {2}error: this path leads to a hidden file \(\.env: "\.env" starts with "\."\), and hidden files are not published/,
  },
  {
    name: "a static folder symlinked to the project's .git/",
    plant: (site) => {
      write(site, '.git/config', `[remote "origin"]\n  url = https://ci:${canary}@git.example.test/site.git\n`);
      link(site, 'content/static/repo', '../../.git');
    },
    message: /content\/static\/repo {2}error: this path leads to a hidden folder \(\.git: "\.git" starts with "\."\)/,
  },
  {
    name: "a page symlinked to the project's .env",
    plant: (site) => {
      write(site, '.env', `TOKEN=${canary}\n`);
      link(site, 'content/docs/infinity/guides/env.md', '../../../../.env');
    },
    message: /content\/docs\/infinity\/guides\/env\.md {2}error: this path leads to a hidden file \(\.env/,
  },
  {
    name: "a spec's $ref to the project's .env",
    plant: (site) => {
      write(site, '.env', `TOKEN: ${canary}\n`);
      addSpec(site, "{ $ref: '../.env' }");
    },
    message: /specs\/api\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "\.\.\/\.env" is hidden \("\.env" starts with "\."\)/,
  },
  {
    name: "a spec's $ref to the project's .git/config",
    plant: (site) => {
      write(site, '.git/config', `token: ${canary}\n`);
      addSpec(site, "{ $ref: '../.git/config' }");
    },
    message: /specs\/api\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1things\/get\/description: the \$ref "\.\.\/\.git\/config" is hidden \("\.git" starts with "\."\)/,
  },
  {
    name: 'a FIFO named like a page (the build must not hang on it)',
    plant: (site) => execFileSync('mkfifo', [path.join(site, 'content/docs/infinity/guides/x.md')]),
    message: /content\/docs\/infinity\/guides\/x\.md {2}error: this path is a FIFO \(named pipe\), not a regular file/,
  },
];

// Each row is a site and a build of its own: they run side by side (helpers/cli.ts).
describe('files outside the project: refused where they are named, never published', { concurrency: commandsSideBySide }, () => {
  for (const item of cases) {
    test(item.name, { timeout: buildTimeoutMs + 30_000 }, async () => {
      const site = copyFixture('basic');
      const outside = outsideFolder();
      item.plant(site, outside);
      const result = await runPortal(site, ['build'], buildOptions);
      assert.notEqual(result.signal, 'SIGTERM', 'the build ended by itself');
      assert.match(result.stderr, item.message);
      assert.doesNotMatch(result.stderr, /\n\s+at .+:\d+:\d+\)?\n/, 'no stack trace');
      assert.equal(result.status, 1, result.stderr);
      assert.deepEqual(filesHolding(site, canary), [], 'no output file holds the canary');
      if (item.secret) assert.deepEqual(filesHolding(site, item.secret), []);
      fs.rmSync(outside, { recursive: true });
      fs.rmSync(site, { recursive: true });
    });
  }
});

test('hidden files of content/static are left out with a warning naming each, hidden custom pages too; .well-known/ and symlinks inside the project are published', () => {
  const site = copyFixture('basic');
  write(site, 'content/static/.env', `TOKEN=${canary}\n`);
  write(site, 'content/static/.git/config', `[remote "origin"]\n  url = https://user:${canary}@git.example.test/site.git\n`);
  write(site, 'content/static/img/.hidden/note.txt', `${canary}\n`);
  write(site, 'content/static/.well-known/security.txt', 'Contact: mailto:security@example.test\n');
  // A hidden Markdown file among the custom pages is no page either.
  write(site, 'content/pages/.draft.md', `---\ntitle: Draft\n---\n\nThe token is ${canary}.\n`);
  link(site, 'content/static/img/logo-alias.svg', 'logo.svg');
  const result = build(site);
  assert.equal(result.status, 0, result.stderr);
  for (const hidden of ['content/static/.env', 'content/static/.git', 'content/static/img/.hidden']) {
    assert.match(result.stderr, new RegExp(`${hidden.replace(/\./g, '\\.')} {2}warning: not published: its name starts with "\\."[^\\n]*\\n {2}To publish it, rename it without the leading "\\."`));
  }
  assert.deepEqual(filesHolding(site, canary), []);
  assert.equal(fs.existsSync(path.join(site, 'dist/.env')), false);
  assert.equal(fs.existsSync(path.join(site, 'dist/.git')), false);
  assert.equal(fs.readFileSync(path.join(site, 'dist/.well-known/security.txt'), 'utf8'), 'Contact: mailto:security@example.test\n');
  assert.equal(fs.readFileSync(path.join(site, 'dist/img/logo-alias.svg'), 'utf8'), fs.readFileSync(path.join(site, 'content/static/img/logo.svg'), 'utf8'));
  fs.rmSync(site, { recursive: true });
});

test('a static file or image swapped for a symlink to .env after the content phase is refused at the copy, and nothing is published', { timeout: buildTimeoutMs }, async () => {
  const site = copyFixture('basic');
  write(site, '.env', `TOKEN=${canary}\n`);
  write(site, 'content/static/files/notes.txt', 'Plain notes.\n');
  write(site, 'content/docs/infinity/guides/img/photo.png', 'not a picture, but a file of the project');
  addToGuide(site, '![A photo](./img/photo.png)');
  const swap = (file: string) => {
    fs.rmSync(path.join(site, file));
    fs.symlinkSync(path.relative(path.dirname(path.join(site, file)), path.join(site, '.env')), path.join(site, file));
  };
  const loaded = await loadConfig('portal.config.ts', site);
  // Once every page is rendered and checked, just before the files are copied.
  const summary = await buildPortal(loaded, {
    outDir: path.join(site, 'dist'),
    reportDir: path.join(site, '.portal', 'reports'),
    onPhase: (phase) => {
      if (phase !== 'write') return;
      swap('content/static/files/notes.txt');
      swap('content/docs/infinity/guides/img/photo.png');
    },
  });
  assert.equal(summary.ok, false);
  const errors = summary.errors.map((problem) => `${problem.file}  ${problem.message}`);
  assert.ok(errors.includes('content/static/files/notes.txt  this file leads to a hidden file (.env: ".env" starts with "."), and hidden files are not published (it changed while the site was built)'), errors.join('\n'));
  assert.ok(errors.includes('content/docs/infinity/guides/img/photo.png  this file leads to a hidden file (.env: ".env" starts with "."), and hidden files are not published (it changed while the site was built)'), errors.join('\n'));
  assert.equal(fs.existsSync(path.join(site, 'dist')), false, 'no output');
  assert.deepEqual(filesHolding(site, canary), []);
  fs.rmSync(site, { recursive: true });
});
