import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { commandsSideBySide, runPortal } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/fixtures.ts';

const run = async (cwd: string, ...args: string[]) => {
  const result = await runPortal(cwd, args);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

// Each test has a site of its own: they run side by side (helpers/cli.ts).
describe('the portal command', { concurrency: commandsSideBySide }, () => {
  test('build prints its phases, page counts and time, and exits 0', async () => {
    const site = copyFixture('basic');
    const result = await run(site, 'build');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /portal: content…/);
    assert.match(result.stderr, /built 1 home, 2 category, 1 not-found, 1 custom, 1 license-form, 6 doc; 3 redirects; \d+ links checked into dist in \d+ ms/);
  });

  test('build --json prints a machine-readable summary; --out writes elsewhere', async () => {
    const site = copyFixture('basic');
    const result = await run(site, 'build', '--json', '--out', 'public');
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.ok, true);
    assert.equal(summary.pages.doc, 6);
    assert.ok(fs.existsSync(path.join(site, 'public', 'index.html')));
  });

  test('a build failure exits 1 with file:line messages and no stack trace', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'content/docs/vpaas/introduction.md'), '---\ntitle: [unclosed\n---\nBody\n');
    const result = await run(site, 'build');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /content\/docs\/vpaas\/introduction\.md:2:\d+ {2}error: front matter is not valid YAML/);
    assert.match(result.stderr, /the previous output was left untouched/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });

  test('a config problem exits 1 naming the config path', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'portal.config.ts'), fs.readFileSync(path.join(site, 'portal.config.ts'), 'utf8').replace("type: 'dropdown'", "type: 'dropdwn'"));
    const result = await run(site, 'build');
    assert.equal(result.code, 1);
    assert.match(result.stderr, /portal\.config\.ts {2}error: navbar\.items\[4\]\.type: unknown navbar item type "dropdwn"/);
  });

  test('usage errors exit 2; --help and --version exit 0', async () => {
    const site = copyFixture('basic');
    assert.equal((await run(site, 'biuld')).code, 2);
    assert.equal((await run(site, 'build', '--bogus')).code, 2);
    const badPort = await run(site, 'serve', '--port', 'eighty');
    assert.equal(badPort.code, 2);
    assert.match(badPort.stderr, /--port must be a whole number/);
    const help = await run(site, '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /build .*\n.*serve .*\n.*check-links/s);
    const version = await run(site, '--version');
    assert.equal(version.code, 0);
    assert.equal(version.stdout.trim(), '0.2.3');
  });

  test('check-links passes on a fresh build and fails (exit 1) on a missing folder', async () => {
    const site = copyFixture('basic');
    assert.equal((await run(site, 'build')).code, 0);
    const ok = await run(site, 'check-links');
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /0 broken/);
    assert.ok(fs.existsSync(path.join(site, '.portal/reports/links.json')));
    const missing = await run(site, 'check-links', 'nowhere');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no built site here/);
  });

  test('check-links refuses an empty folder, or one no build wrote, naming it and saying to build first', async () => {
    const site = copyFixture('basic');
    fs.mkdirSync(path.join(site, 'empty'));
    const empty = await run(site, 'check-links', 'empty');
    assert.equal(empty.code, 1, empty.stderr);
    assert.match(empty.stderr, /^empty {2}error: no built site here: it has no routes\.json, which every build writes\n {2}Build the site first \("portal build --out empty"\)/m);
    // Pages without the build's mark are no built site either.
    fs.mkdirSync(path.join(site, 'pages'));
    fs.writeFileSync(path.join(site, 'pages', 'index.html'), '<a href="/nowhere">x</a>');
    const pages = await run(site, 'check-links', 'pages');
    assert.equal(pages.code, 1, pages.stderr);
    assert.match(pages.stderr, /^pages {2}error: no built site here/m);
  });

  test('check-links given a file is a usage error (exit 2) saying to name the output folder', async () => {
    const site = copyFixture('basic');
    const result = await run(site, 'check-links', 'portal.config.ts');
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /^portal\.config\.ts {2}error: this is a file; check-links checks the folder a build wrote\n {2}Name the output folder instead: portal check-links dist/m);
  });

  test('a config whose top-level await never settles times out naming the file (exit 1), instead of exit 13 and no word', async () => {
    const site = copyFixture('basic');
    const config = path.join(site, 'portal.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('export default {', 'await new Promise(() => {});\nexport default {'));
    const result = await runPortal(site, ['build'], { env: { ...process.env, PORTAL_CONFIG_TIMEOUT_MS: '1500' } });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /^portal\.config\.ts {2}error: the configuration did not finish loading in 1\.5 s: a top-level await in it \(or in a file it imports\) never settles\n {2}Make each top-level await settle/m);
  });
});
