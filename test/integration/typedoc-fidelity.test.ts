import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.ts';
import { Diagnostics } from '../../src/errors.ts';
import type { Page } from '../../src/page.ts';
import { buildPackageReference, type PackageReference } from '../../src/typedoc/index.ts';
import { packageSlug } from '../../src/typedoc/symbols.ts';
import { compareDocs, describeDocMismatch, expectedDocs } from '../helpers/reference-doc-fidelity.ts';
import { compareTexts, declarationProgram, describeMismatch, expectedTexts, type ExpectedText, type KnownDifference, shownTexts } from '../helpers/reference-fidelity.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Texts the reference does not show as the compiler does yet, by package and symbol, each with
 * the reason. They are counted and printed; an entry that no longer differs fails the test, so
 * the list only shrinks. Anything else that differs (an `unknown`, a missing member) fails.
 */
const openDefects: Record<string, string> = {};

let pages: Page[];
let areas: PackageReference['areas'];

before(async () => {
  const { config } = await loadConfig('portal.config.ts', root);
  const diagnostics = new Diagnostics();
  const reference = await buildPackageReference(root, config, { md: (markdown) => `<p>${markdown.replace(/</g, '&lt;')}</p>` }, diagnostics);
  assert.deepEqual(diagnostics.errors, []);
  pages = reference.pages;
  areas = reference.areas;
});

describe('the npm reference shows what the compiler says each export is', () => {
  test('every export of every documented package, on its page and in its twin, in every area', () => {
    const expectedByPackage = new Map<string, ExpectedText[]>();
    const failures: string[] = [];
    const defectsSeen = new Map<string, number>();
    const knownTotals = new Map<KnownDifference, number>();
    const totals = { exports: 0, items: 0, compared: 0 };
    for (const area of areas) {
      // Each area's own copies: the VPaaS area's are those its SDK resolves, which may be other
      // versions than the Infinity area's. The compiler reads each from the folder it is in.
      for (const { name, version, directory, manifest } of area.packages) {
        let expected = expectedByPackage.get(directory);
        if (!expected) {
          const entry = path.join(directory, String(manifest.types ?? manifest.typings));
          expected = expectedTexts(declarationProgram(entry), entry);
          expectedByPackage.set(directory, expected);
        }
        assert.ok(expected.length > 0, `the compiler found no exports in ${name}@${version}`);
        const shown = shownTexts(pages, `/docs/${area.folder}/${packageSlug(name)}`);
        const { mismatches, compared, declared, resolved, unionOrder, memberByMember, known } = compareTexts(expected, shown);
        const exports = new Set(expected.map((item) => item.symbol.split(/[.[]/)[0])).size;
        totals.exports += exports;
        totals.items += expected.length;
        totals.compared += compared;
        for (const [difference, list] of Object.entries(known) as [KnownDifference, string[]][]) knownTotals.set(difference, (knownTotals.get(difference) ?? 0) + list.length);
        let open = 0;
        for (const mismatch of mismatches) {
          const key = `${name} ${mismatch.symbol}`;
          if (openDefects[key]) {
            defectsSeen.set(key, (defectsSeen.get(key) ?? 0) + 1);
            open += 1;
          } else failures.push(describeMismatch(name, area.area, mismatch));
        }
        console.log(
          `${area.area} ${name}@${version}: ${exports} exports, ${expected.length} declarations and members, ${compared} texts (page and twin): ` +
            `${declared} as declared, ${resolved} as the compiler resolves them, ${unionOrder} with union members in another order, ${memberByMember} member by member, ` +
            `${Object.entries(known).map(([difference, list]) => `${list.length} ${difference}`).join(', ')}, ${open} open defects, ${mismatches.length - open} differ`,
        );
      }
    }
    console.log(`In all: ${totals.exports} exports, ${totals.items} declarations and members, ${totals.compared} texts compared`);
    console.log(`Known differences: ${[...knownTotals].map(([difference, count]) => `${difference} ${count}`).join(', ')}`);
    for (const [key, reason] of Object.entries(openDefects)) console.log(`Open defect (${defectsSeen.get(key) ?? 0} texts): ${key}: ${reason}`);
    assert.equal(failures.length, 0, `${failures.length} texts differ from the compiler's:\n${failures.join('\n')}`);
    const fixed = Object.keys(openDefects).filter((key) => !defectsSeen.has(key));
    assert.deepEqual(fixed, [], 'these no longer differ: remove them from openDefects');
  });

  test('every doc-comment tag text of every documented package, on its page and in its twin, in every area', () => {
    const failures: string[] = [];
    let compared = 0;
    for (const area of areas) {
      for (const { name, version, directory, manifest } of area.packages) {
        // Read with the compiler from the .d.ts the package publishes, not from TypeDoc's model.
        const expected = expectedDocs(path.join(directory, String(manifest.types ?? manifest.typings)), directory);
        const result = compareDocs(expected, pages, `/docs/${area.folder}/${packageSlug(name)}`);
        compared += result.compared;
        console.log(`${area.area} ${name}@${version}: ${expected.length} doc texts, ${result.mismatches.length} not shown`);
        for (const mismatch of result.mismatches) failures.push(describeDocMismatch(`${area.area} ${name}@${version}`, mismatch));
      }
    }
    console.log(`In all: ${compared} doc texts compared (page and twin)`);
    assert.ok(compared > 0);
    assert.equal(failures.length, 0, `${failures.length} doc texts are not shown:\n${failures.join('\n')}`);
  });
});
