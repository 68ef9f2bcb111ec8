import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changelogProofsTwin, changelogTwin } from '../../../src/markdown-twins/changelog-twin.ts';
import { markdownOf } from '../../../src/markdown-twins/mdast-nodes.ts';
import type { ChangelogSectionView } from '../../../src/shared/changelog-view.ts';

const target = { route: '/docs/garden/kettle/changelog', siteUrl: 'https://garden.example' };
const section: ChangelogSectionView = {
  id: 'v2-0-0',
  title: '1.4.0 → 2.0.0',
  date: '2026-03-01',
  releases: [{ version: '2.0.0', date: '2026-03-01', notes: ['Drop `boil` in favour of `heat`.'] }],
  changes: [
    { kind: 'removed', breaking: true, name: 'Kettle.boil', href: '/docs/garden/kettle/classes/Kettle#boil', note: 'use `heat` *instead*', cause: ['Water'], proof: { summary: 'Fails against 2.0.0', code: 'kettle.boil();', message: "Property 'boil' does not exist." } },
    { kind: 'changed', breaking: true, name: 'Kettle.pour', cause: ['Water'], before: ['pour(): void'], after: ['pour(cup: Cup): void'] },
    { kind: 'added', breaking: false, name: 'Kettle.heat', summary: 'Heats the `water`.' },
  ],
};

test("a changelog's twin has the page's sections and groups, each entry with its note, summary and declarations", () => {
  const twin = markdownOf(changelogTwin({ intro: ['What changed in the kettle.'], sections: [section] }, target));
  assert.equal(
    twin,
    [
      'What changed in the kettle.',
      '## 1.4.0 → 2.0.0',
      '2026-03-01: 3 changes, 2 breaking.',
      "Releases in this range (the package's CHANGELOG): 2.0.0",
      '- **2.0.0** (published 2026-03-01)\n  - Drop `boil` in favour of `heat`.',
      '### Breaking changes',
      '#### Through `Water`: 2 entries',
      [
        '- removed [`Kettle.boil`](https://garden.example/docs/garden/kettle/classes/Kettle.md#boil): use `heat` \\*instead\\*',
        '',
        '- changed `Kettle.pour`',
        '',
        '  Before',
        '',
        '  ```ts\n  pour(): void\n  ```',
        '',
        '  After',
        '',
        '  ```ts\n  pour(cup: Cup): void\n  ```',
      ].join('\n'),
      '### Added',
      '- added `Kettle.heat`\n\n  Heats the `water`.',
    ].join('\n\n'),
  );
  // The probe is the proofs' own page's: the changelog's twin keeps the verdict only.
  assert.doesNotMatch(twin, /kettle\.boil\(\)/);
});

test('a first version says so, with the releases before it and where a later version is documented', () => {
  const twin = markdownOf(changelogTwin({ intro: [], sections: [], firstVersion: 'The first version this site documents.', history: [{ version: '1.0.0', notes: [] }], later: { version: '2.0.0', href: '/docs/other/kettle/changelog#v2-0-0' } }, target));
  assert.match(twin, /^## First version documented\n\nThe first version this site documents\.\n\nThe package's CHANGELOG: 1 releases\n\n- \*\*1\.0\.0\*\*: no notes\.\n\n/);
  assert.match(twin, /A later version, 2\.0\.0, is documented in another area of this site: \[its changelog\]\(https:\/\/garden\.example\/docs\/other\/kettle\/changelog\.md#v2-0-0\) lists what changed since this one\.$/);
});

test("a section's proofs page twin shows each probe and what the compiler says, linking back to the changelog's twin", () => {
  const twin = markdownOf(changelogProofsTwin({ ...section, changes: [section.changes[0]] }, '/docs/garden/kettle/changelog', target));
  assert.match(twin, /^Each entry of \[1\.4\.0 → 2\.0\.0\]\(https:\/\/garden\.example\/docs\/garden\/kettle\/changelog\.md#v2-0-0\) with the code that proves it/);
  assert.match(twin, /## Breaking changes\n\n### `Kettle\.boil`\n\nFails against 2\.0\.0\n\n```ts\nkettle\.boil\(\);\n```\n\n```\nProperty 'boil' does not exist\.\n```$/);
});
