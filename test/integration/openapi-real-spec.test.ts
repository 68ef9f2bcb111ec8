import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkOperationPagesInParallel } from '../helpers/operation-page-checks.ts';
import { githubSpecFile, githubSpecFolder, githubSpecSite, githubSpecVersion, operationsInSpec } from '../helpers/github-spec-site.ts';

// A real public spec nobody here wrote: the GitHub REST API description (@octokit/openapi,
// about 1,200 operations and 13 MB of JSON). The whole site must build, link check included.
// About a minute on two cores: most of it the build; the HTML validation is shared over the cores.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

// The timeout is for a hung run, not a slow one: while the test was one synchronous block the
// runner could not stop it; now that it awaits its workers it can, and on a shared, loaded
// machine the build alone has taken ten minutes.
test(`the GitHub REST API description (@octokit/openapi ${githubSpecVersion}) builds: one valid page per operation, links checked`, { timeout: 30 * 60_000 }, async () => {
  const site = githubSpecSite();
  const build = spawnSync(process.execPath, [cli, 'build', '--json'], { cwd: site, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(build.status, 0, build.stderr.slice(-4000));
  const summary = JSON.parse(build.stdout) as { ok: boolean; pages: Record<string, number>; links: { checked: number; broken: number }; errors: unknown[]; warnings: unknown[] };
  assert.equal(summary.ok, true);
  assert.deepEqual(summary.errors, []);
  // What the agent-readiness checks warn of is theirs to judge (a spec this size outgrows one llms.txt); nothing else may warn.
  // Beside the agent-readiness checks' judgement, the only warnings are GitHub's own response
  // examples that do not match their schemas: each located, and shown without the "checked" line.
  const warnings = summary.warnings as { message: string; file?: string; line?: number }[];
  const exampleWarnings = warnings.filter((warning) => /does not validate against its schema .*; it is shown without a "checked" line$/.test(warning.message));
  // And its few operation pages past the page budget (emojis-get, 1.2 MB; two project item updates, 1.9 MB), at the operation.
  const largePages = warnings.filter((warning) => /^at \/paths\/\S+: the page \S+ is [\d.]+ MB of markup and page data, over the /.test(warning.message));
  assert.ok(largePages.length <= 5, largePages.map((warning) => warning.message).join('\n'));
  for (const warning of largePages) assert.ok(warning.file?.endsWith('api.github.com.json') && warning.line, JSON.stringify(warning));
  assert.deepEqual(warnings.filter((warning) => !warning.message.startsWith('agent readiness: ') && !exampleWarnings.includes(warning) && !largePages.includes(warning)), []);
  for (const warning of exampleWarnings) assert.ok(warning.file?.endsWith('api.github.com.json') && warning.line, JSON.stringify(warning));
  console.log(`${exampleWarnings.length} of GitHub's response examples do not match their schemas and are shown unchecked`);

  // One page per operation, counted in the spec file itself.
  const operations = operationsInSpec(githubSpecFile);
  assert.ok(operations.length > 1000, `${operations.length} operations: not the full spec`);
  assert.equal(summary.pages['api-operation'], operations.length);
  const dist = path.join(site, 'dist');
  const routes = (JSON.parse(fs.readFileSync(path.join(dist, 'routes.json'), 'utf8')) as { route: string; kind: string }[])
    .filter((entry) => entry.kind === 'api-operation' && entry.route.startsWith(`/docs/${githubSpecFolder}/`))
    .map((entry) => entry.route);
  assert.equal(routes.length, operations.length);

  // Every operation has its Markdown twin, with its method, path and request samples.
  const routeOfOperation = new Map(routes.map((route) => [route, wholeTwin(dist, route)]));
  const twinned = new Set<string>();
  for (const twin of routeOfOperation.values()) {
    assert.match(twin, /^# .+\n/);
    assert.match(twin, /## Request samples\n[\s\S]*```bash\ncurl --request /);
    const endpoint = /^`([A-Z]+) (\/\S*)`$/m.exec(twin);
    if (endpoint) twinned.add(`${endpoint[1]} ${endpoint[2]}`);
  }
  assert.deepEqual(operations.filter((operation) => !twinned.has(`${operation.method} ${operation.path}`)), [], 'operations without a twin naming them');

  // The link check ran over every page (a broken link fails the build) and found nothing.
  assert.equal(summary.links.broken, 0);
  assert.ok(summary.links.checked > operations.length, `only ${summary.links.checked} links checked`);

  // What the shell itself writes, from a page that has nothing to do with the spec.
  const shellPage = fs.readFileSync(path.join(dist, 'docs/vpaas/introduction/index.html'), 'utf8');
  const shellScripts = new Set(shellPage.match(/<script\b[^>]*>/gi));
  const shellTags = new Set([...shellPage.matchAll(/<([a-z][a-z0-9-]*)/gi)].map((match) => match[1].toLowerCase()));
  // Spec text holds angle-bracket placeholders ("refs/heads/<branch name>", "<num>"): as text,
  // they must be escaped; as markup, dropped. None may become an element.
  const placeholders = [...new Set(textsOf(JSON.parse(fs.readFileSync(githubSpecFile, 'utf8'))).flatMap((text) => [...text.matchAll(/<([a-z][a-z0-9-]*)(?=[\s>])/gi)].map((match) => match[1].toLowerCase())))].filter((tag) => !shellTags.has(tag));
  assert.ok(placeholders.includes('branch'), `placeholders found: ${placeholders.join(', ')}`);
  const rawPlaceholder = new RegExp(`<(${placeholders.join('|')})[\\s>/]`, 'i');

  // Each page: only the shell's scripts, no spec text as markup, valid HTML, unique ids, its
  // method and path. Checked over one worker per core (test/helpers/operation-page-checks.ts).
  const { failures, endpoints } = await checkOperationPagesInParallel(
    { dist, shellScripts: [...shellScripts], rawPlaceholder: rawPlaceholder.source },
    routes.map((route, index) => ({ route, index })),
  );
  assert.deepEqual(failures, [], `${failures.length} operation pages fail their checks:\n${failures.join('\n')}`);
  const shown = new Set(endpoints);
  // Every operation's method and path is on a page of its own.
  assert.deepEqual([...shown].sort(), operations.map((operation) => `${operation.method}${operation.path}`).sort());

  // Placeholders written as text are still there for readers, escaped.
  assert.match(fs.readFileSync(path.join(dist, 'docs', githubSpecFolder, 'git-get-ref', 'index.html'), 'utf8'), /heads\/&lt;branch name&gt;/);
  fs.rmSync(site, { recursive: true, force: true });
});

/** Every description and summary in a spec: the Markdown portal renders. */
function textsOf(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => ((key === 'description' || key === 'summary') && typeof child === 'string' ? [child] : textsOf(child)));
}

/**
 * A page's twin with the parts it was split into (twins over 100,000 characters link their long
 * sections as `<route>/<section>.md`, see src/markdown-twins/split-twin.ts), in order.
 */
function wholeTwin(dist: string, route: string): string {
  const index = fs.readFileSync(path.join(dist, `${route.slice(1)}.md`), 'utf8');
  const parts = [...index.matchAll(/\]\(https?:\/\/[^/)]+(\/[^)#]+\.md)\)/g)].map((match) => match[1]).filter((file) => file.startsWith(`${route}/`));
  return [index, ...parts.map((file) => fs.readFileSync(path.join(dist, file.slice(1)), 'utf8'))].join('\n');
}
