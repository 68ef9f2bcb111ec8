import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { dereference } from '@readme/openapi-parser';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference, bodyOf, twinOf } from '../helpers/openapi.ts';
import { differences, shownInHtml, shownInTwin, specOperations } from '../helpers/openapi-fidelity.ts';
import { writeSharedEnumSpec } from '../helpers/shared-enum-spec.ts';
import { requireThirdParty } from '../helpers/thirdparty.ts';

// Every operation of every spec the site builds, read back from its page's HTML and from its
// Markdown twin, against the spec dereferenced here: method and path; each parameter's name,
// place, required mark and type; each body's media types, array type and top-level fields; each
// response status. Types name array items through allOf, oneOf and $ref ("array of Organisation").

const ours = fs.readdirSync(path.join(repoRoot, 'content', 'specs')).filter((file) => /\.openapi\.ya?ml$/.test(file)).map((file) => path.join(repoRoot, 'content', 'specs', file));

/** The shared public descriptions: each file at the top, and each folder's openapi.yaml. */
function thirdPartySpecs(thirdPartyOpenApi: string): string[] {
  return fs.readdirSync(thirdPartyOpenApi, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(thirdPartyOpenApi, entry.name);
    if (entry.isFile() && /\.(ya?ml|json)$/.test(entry.name)) return [file];
    const inner = ['openapi.yaml', 'openapi.yml', 'openapi.json'].map((name) => path.join(file, name)).find((candidate) => fs.existsSync(candidate));
    return entry.isDirectory() && inner ? [inner] : [];
  });
}

/** Reads every operation of `specs` back from its page and twin; returns the differences and what was compared. */
async function roundTrip(specs: string[]) {
  const counts = { specs: 0, operations: 0, parameters: 0, requestBodies: 0, responses: 0, fields: 0 };
  const problems: string[] = [];
  for (const file of specs) {
    const name = path.relative(repoRoot, file);
    const { pages, diagnostics } = await apiReference(path.dirname(file), { spec: path.basename(file) });
    assert.deepEqual(diagnostics.errors, [], name);
    const spec = (await dereference(file, { dereference: { circular: true } })) as Record<string, unknown>;
    const operations = specOperations(spec);
    assert.ok(operations.length > 0, `${name}: no operations read from the spec`);
    // The description published for download (YAML and JSON) is the one the pages were built
    // from: read back, it is the spec itself, and its operations are the ones the pages show.
    const downloads = pages.flatMap((page) => page.downloads ?? []);
    assert.deepEqual(downloads.map((download) => path.basename(download.url)).sort(), ['openapi.json', 'openapi.yaml'], `${name}: the description is published`);
    const downloaded: ReturnType<typeof specOperations>[] = [];
    for (const download of downloads) {
      const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-download-')), path.basename(download.url));
      fs.writeFileSync(copy, download.contents);
      const read = (await dereference(copy, { dereference: { circular: true } })) as Record<string, unknown>;
      assert.deepStrictEqual(read, spec, `${name}: ${path.basename(download.url)} is the description itself`);
      downloaded.push(specOperations(read));
    }
    const byEndpoint = new Map<string, { html: string; twin: string }[]>();
    for (const page of pages) {
      if (page.kind !== 'api-operation') continue;
      const html = bodyOf(page);
      const endpoint = shownInHtml(html).endpoint;
      byEndpoint.set(endpoint, [...(byEndpoint.get(endpoint) ?? []), { html, twin: twinOf(page) }]);
    }
    assert.equal([...byEndpoint.values()].flat().length, operations.length, `${name}: one page per operation`);
    for (const operation of operations) {
      const found = byEndpoint.get(operation.endpoint) ?? [];
      if (found.length !== 1) {
        problems.push(`${name}: ${found.length} pages show ${operation.endpoint}`);
        continue;
      }
      problems.push(...differences(operation, shownInHtml(found[0].html), 'HTML').map((problem) => `${name}: ${problem}`));
      for (const [index, download] of downloaded.entries()) {
        const same = download.find((candidate) => candidate.endpoint === operation.endpoint);
        if (!same) problems.push(`${name}: ${path.basename(downloads[index].url)} lacks ${operation.endpoint}`);
        else problems.push(...differences(same, shownInHtml(found[0].html), 'HTML').map((problem) => `${name} (${path.basename(downloads[index].url)}): ${problem}`));
      }
      problems.push(...differences(operation, shownInTwin(found[0].twin), 'twin').map((problem) => `${name}: ${problem}`));
      const { expected } = operation;
      counts.operations++;
      counts.parameters += expected.parameters.size;
      counts.requestBodies += expected.requestBody ? 1 : 0;
      counts.responses += expected.responses.size;
      counts.fields += [expected.requestBody, ...expected.responses.values()].reduce((sum, body) => sum + (body?.rows.length ?? 0), 0);
    }
    counts.specs++;
  }
  console.log(`round-tripped against the dereferenced specs: ${JSON.stringify(counts)}`);
  assert.deepEqual(problems.slice(0, 40), [], `${problems.length} differences`);
}

test("each API operation page and its twin show what the spec says, for the portal's own specs", { timeout: 5 * 60_000 }, () => roundTrip(ours));

// A long enum is cut on operation pages: the row shows its first values and how many more, and
// links the full list; read back from the page and the twin, that count is the spec's.
test('the same for a description whose shared schema has a long enum', { timeout: 5 * 60_000 }, () =>
  roundTrip([writeSharedEnumSpec(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-long-enum-')), { operations: 6, values: 300 })]),
);

test('the same for every shared third-party description', { timeout: 5 * 60_000 }, async (t) => {
  // CI must have them; elsewhere the test is skipped, saying why.
  const folder = requireThirdParty('openapi', t);
  if (!folder) return;
  await roundTrip(thirdPartySpecs(folder));
});
