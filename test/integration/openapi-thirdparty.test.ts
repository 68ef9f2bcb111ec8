import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../helpers/fixtures.ts';
import { siteWithSpecs } from '../helpers/openapi-site.ts';
import { requireThirdParty, thirdPartySpecs } from '../helpers/thirdparty.ts';

// The public descriptions in ../shared/thirdparty/openapi, nobody here wrote them: the OAI
// examples (callbacks, links, webhooks), Twilio's official description and the multi-file Train
// Travel API. Each is one more API reference of the basic fixture site; the whole build, link
// check included, must pass. About a minute on two cores.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Operations and webhooks, counted from the file itself rather than through portal. */
function operationCount(file: string): number {
  const spec = parse(fs.readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>>; webhooks?: Record<string, Record<string, unknown>> };
  return [...Object.values(spec.paths ?? {}), ...Object.values(spec.webhooks ?? {})].reduce((sum, item) => sum + methods.filter((method) => item[method]).length, 0);
}

// The descriptions are shared inputs kept beside the repository, never copied into it.
test('the shared third-party OpenAPI descriptions each build, link check included', { timeout: 10 * 60_000 }, (t) => {
  const inputs = thirdPartySpecs.map((file) => requireThirdParty(`openapi/${file}`, t));
  if (inputs.includes(undefined)) return;
  const specs = thirdPartySpecs.map((file, index) => ({ file: inputs[index]!, folder: `vpaas/thirdparty-${index}`, label: file }));
  const site = siteWithSpecs(specs);
  // The portal's registry, so response examples that validate are labelled as on the real site.
  fs.copyFileSync(path.join(repoRoot, 'content', 'sample-checks.json'), path.join(site, 'content', 'sample-checks.json'));
  try {
    const build = spawnSync(process.execPath, [cli, 'build', '--json'], { cwd: site, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    assert.equal(build.status, 0, `${build.stderr.slice(-4000)}${build.stdout.slice(-4000)}`);
    const summary = JSON.parse(build.stdout) as { ok: boolean; pages: Record<string, number>; errors: unknown[]; warnings: { file?: string; line?: number; message: string; hint?: string }[] };
    assert.deepEqual(summary.errors, []);
    // The only warnings: what the agent-readiness checks judge (a spec this size outgrows one
    // llms.txt), and the descriptions' own response examples that do not match their schemas
    // (Twilio's relative "uri" values), shown without the "checked" line.
    const exampleWarnings = summary.warnings.filter((warning) => /does not validate against its schema/.test(warning.message));
    assert.deepEqual(summary.warnings.filter((warning) => !warning.message.startsWith('agent readiness: ') && !exampleWarnings.includes(warning)), []);
    for (const warning of exampleWarnings) assert.ok(warning.file?.endsWith('twilio-api-v2010.json') && warning.line && /^at \/paths\/\S+\/examples\/\S+\/value: /.test(warning.message) && warning.hint, JSON.stringify(warning));
    console.log(`${exampleWarnings.length} response examples shown without the "checked" line`);
    const routes = JSON.parse(fs.readFileSync(path.join(site, 'dist', 'routes.json'), 'utf8')) as { route: string; kind: string; title?: string }[];
    for (const spec of specs) {
      const pages = routes.filter((entry) => entry.kind === 'api-operation' && entry.route.startsWith(`/docs/${spec.folder}/`));
      assert.equal(pages.length, operationCount(spec.file), `${spec.label}: one page per operation and webhook`);
    }
    const page = (route: string) => fs.readFileSync(path.join(site, 'dist', route.slice(1), 'index.html'), 'utf8');
    // Multi-file: the Markdown topic and the relative $refs of Train Travel resolved.
    const trainRoutes = routes.filter((entry) => entry.route.startsWith('/docs/vpaas/thirdparty-8/')).map((entry) => entry.route);
    assert.ok(trainRoutes.length > 5, trainRoutes.join(', '));
    // The webhook example: its only content is a webhook, which has a page.
    assert.ok(routes.some((entry) => entry.route === '/docs/vpaas/thirdparty-6/webhook-new-pet-post'));
    assert.match(page('/docs/vpaas/thirdparty-6/webhook-new-pet-post'), /The API sends this request to your server/);
    // The callback example: the callback is on its operation's page; its operation has no summary
    // nor operationId, so it is titled by method and path.
    const callbackRoute = routes.find((entry) => entry.kind === 'api-operation' && entry.route.startsWith('/docs/vpaas/thirdparty-1/'))!.route;
    const callbackPage = page(callbackRoute);
    assert.match(callbackPage, /<h1[^>]*>POST \/streams<\/h1>/);
    assert.match(callbackPage, /<h2 id="callbacks">Callbacks<\/h2>/);
    // The link example: a response link leads to the page of its operation.
    assert.match(page('/docs/vpaas/thirdparty-2/get-user-by-name'), /<a href="\/docs\/vpaas\/thirdparty-2\/get-repositories-by-owner">getRepositoriesByOwner<\/a>/);
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
});
