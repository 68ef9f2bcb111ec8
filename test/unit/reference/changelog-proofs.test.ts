// A changelog's proofs are on a page per section, which the section links to once,
// and entries that changed through the same type show one probe there, each keeping its own in the model.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changelogBodyHtml } from '../../../src/kinds/changelog.tsx';
import type { PageOf } from '../../../src/page.ts';
import { packageChangelogPages } from '../../../src/typedoc/changelog-page.ts';
import type { DeclarationChange } from '../../../src/typedoc/declaration-changes.ts';
import { SymbolTable } from '../../../src/typedoc/symbols.ts';

const proof = (code: string) => ({ text: code, laterError: "Type 'string' is not assignable to type 'LampId'." });
const changes: DeclarationChange[] = [
  { kind: 'added', symbol: 'LampId', breaking: false, after: ['type LampId = string & { __brand: "LampId" }'] },
  { kind: 'changed', symbol: 'Switchboard.light', breaking: true, before: ['light(id: string): void'], after: ['light(id: LampId): void'], proof: proof('board.light("hall");') },
  { kind: 'changed', symbol: 'Switchboard.dim', breaking: true, before: ['dim(id: string): void'], after: ['dim(id: LampId): void'], proof: proof('board.dim("porch");') },
  { kind: 'changed', symbol: 'Lamp.watts', breaking: true, before: ['watts: number'], after: ['watts: string'], proof: { text: 'const watts: number = lamp.watts;', laterError: "Type 'string' is not assignable to type 'number'." } },
];
const history = { name: '@planted/lamps', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] };
const [changelog, proofs, ...rest] = packageChangelogPages(history, 'infinity', 'infinity/packages', new SymbolTable('/docs/infinity/packages', [])) as PageOf<'changelog'>[];

test('a section with proofs gets a page of its own, and the changelog shows none of the probes', () => {
  assert.equal(rest.length, 0);
  assert.equal(changelog.route, '/docs/infinity/packages/lamps/changelog');
  assert.equal(proofs.route, '/docs/infinity/packages/lamps/changelog/v2-0-0-proofs');
  assert.equal(proofs.title, '@planted/lamps 1.0.0 → 2.0.0: proofs');
  // Search finds the changelog, not its probe code (which names the package on every line).
  assert.equal(proofs.search, false);
  assert.notEqual(changelog.search, false);
  const html = changelogBodyHtml(changelog);
  assert.doesNotMatch(html, /aria-label="Probe"|hall/);
  // The section links its proofs once: a link per entry would take a long changelog past the line as well.
  assert.match(html, /<a href="\/docs\/infinity\/packages\/lamps\/changelog\/v2-0-0-proofs">the proofs of 1\.0\.0 → 2\.0\.0<\/a>/);
  assert.equal(html.match(/v2-0-0-proofs/g)?.length, 1);
});

test('the proofs page shows one probe for the entries that changed through the same type, and every other entry\'s own', () => {
  const html = changelogBodyHtml(proofs);
  assert.match(html, /<h3 id="v2-0-0-breaking-through-lampid">Through <span><code>LampId<\/code><\/span>: 2 entries/);
  assert.equal(html.match(/aria-label="Probe"/g)?.length, 2, 'one probe for the LampId entries, one for Lamp.watts');
  assert.match(html, /board\.light\(&quot;hall&quot;\)/);
  assert.doesNotMatch(html, /porch/, 'the cluster shows the probe of its first entry only');
  for (const id of ['proof-Switchboard.light', 'proof-Switchboard.dim', 'proof-Lamp.watts']) assert.match(html, new RegExp(`id="${id.replace('.', '\\.')}"`));
  assert.match(html, /Type &#x27;string&#x27; is not assignable to type &#x27;number&#x27;/);
  // The model keeps each entry's own probe, which the content tests compile.
  assert.equal(proofs.body.view.sections[0].changes.filter((change) => change.proof).length, 3);
});
