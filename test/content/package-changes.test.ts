import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Link, Root, Table, TableCell } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { changelogRoute, versionSectionId } from '../../src/typedoc/changelog-page.ts';
import type { PackageHistory } from '../../src/typedoc/package-history.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { realPackageHistories } from '../helpers/package-histories.ts';

// The npm tutorial's summary lists API changes between package versions. Each row names the last
// published version without the change and the first with it, and links that pair's section of
// the package's generated changelog; this test holds every row against the entries the changelog
// generates for that pair (from the two versions' type declarations), so a change attributed to
// the wrong release fails, and so does a row whose versions the changelog does not compare.

const summaryFile = 'content/docs/infinity/web/tutorials/npm-packages/summary.md';
const heading = 'What changed in the packages';
const folder = 'infinity/web/npm-packages';

// Keyed by the first code span of the row's "Change" cell: the generated entries ("kind Symbol")
// the row stands for, each of which must be among the entries of the row's pair of versions.
const expectedEntries: Record<string, string[]> = {
  'getMe()': ['added Client.getMe', 'removed Client.me'],
  mediaPriorities: ['removed CallOptions.mediaPriorities', 'added CallOptions.networkPriorities', 'added CallOptions.encodingPriorities'],
  createInfinityClientSignals: ['changed createInfinityClientSignals'],
  onParticipantUpdated: ['added InfinitySignals.onParticipantUpdated', 'changed InfinitySignals.onParticipantJoined', 'changed InfinitySignals.onParticipantLeft'],
  AudioVideoPresentation: ['added ClientCallType.AudioVideoPresentation'],
  isParticipantID: ['added isParticipantID', 'added isRoomID', 'added ParticipantID', 'added RoomID'],
  ExtendedInfinityErrorMessage: ['changed ErrorSignal'],
  setPersonalLayout: ['added Client.setPersonalLayout', 'added Client.deleteVideoMix'],
  // The delegate of createSegmenter's own (unexported) Options became a function; ImageSegmenterOptions.delegate only changed spelling.
  delegate: ['changed createSegmenter'],
  backend: ['added RendererOptions.backend', 'added SegmentationParams.backend'],
};

interface ChangeRow {
  line: number;
  key: string;
  packageName: string;
  before: string;
  after: string;
  /** Where the "Between versions" cell links. */
  href?: string;
}

/** The rows of the table that follows the "What changed" heading. */
export function readChangeRows(markdown: string): ChangeRow[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const start = tree.children.findIndex((node) => node.type === 'heading' && toString(node) === heading);
  assert.ok(start >= 0, `${summaryFile}: no "## ${heading}" heading`);
  const table = tree.children.slice(start + 1).find((node): node is Table => node.type === 'table');
  assert.ok(table, `${summaryFile}: no table under "## ${heading}"`);
  return table.children.slice(1).map((row) => {
    const [change, versions] = row.children as TableCell[];
    const line = row.position?.start.line ?? 0;
    const key = change.children.find((node) => node.type === 'inlineCode')?.value;
    let packageName: string | undefined;
    let href: string | undefined;
    visit(versions, (node) => {
      if (node.type === 'inlineCode' && !packageName) packageName = node.value;
      if (node.type === 'link' && !href) href = (node as Link).url;
    });
    const range = /(\d+\.\d+\.\d+)\s*→\s*(\d+\.\d+\.\d+)/.exec(toString(versions));
    assert.ok(key && packageName && range, `${summaryFile}:${line}: a row needs a code span in "Change" and "\`package\` A.B.C → X.Y.Z" in "Between versions"`);
    return { line, key, packageName, before: range[1], after: range[2], href };
  });
}

/** What the generated changelog contradicts in a row; empty when the row holds. */
export function checkRow(row: ChangeRow, historyOf: (name: string) => PackageHistory): string[] {
  const expected = expectedEntries[row.key];
  if (!expected) return [`${summaryFile}:${row.line}: no generated entries named for "${row.key}"; add them to this test or drop the row`];
  const at = `${summaryFile}:${row.line} (${row.key}, ${row.packageName} ${row.before} → ${row.after})`;
  const pair = historyOf(row.packageName).pairs.find((candidate) => candidate.from === row.before && candidate.to === row.after);
  if (!pair) return [`${at}: the generated changelog does not compare ${row.before} with ${row.after}; list both in history.packages in portal.config.ts`];
  const entries = new Set(pair.changes.map((change) => `${change.kind} ${change.symbol}`));
  const problems = expected.filter((entry) => !entries.has(entry)).map((entry) => `${at}: "${entry}" is not an entry of the generated changelog for ${row.before} → ${row.after}`);
  const link = `${changelogRoute(folder, row.packageName)}#${versionSectionId(row.after)}`;
  if (row.href !== link) problems.push(`${at}: the versions should link to ${link}, not ${row.href ?? 'nowhere'}`);
  return problems;
}

const summary = fs.readFileSync(path.join(repoRoot, summaryFile), 'utf8');
// The packages the table names, and @pexip/infinity, which the planted rows below name.
const histories = await realPackageHistories([...readChangeRows(summary).map((row) => row.packageName), '@pexip/infinity']);
function historyOf(name: string): PackageHistory {
  const history = histories.get(name);
  assert.ok(history, `${name}: no history read`);
  return history;
}

test('every row of the npm tutorial summary\'s change table is an entry of the generated changelog for its two versions', () => {
  const rows = readChangeRows(summary);
  assert.ok(rows.length >= 10, `read ${rows.length} rows`);
  assert.deepEqual(rows.flatMap((row) => checkRow(row, historyOf)), []);
});

test('a change attributed to the wrong release is reported', () => {
  // setPersonalLayout came in 20.0.0, so "19.0.0 → 19.1.2" is wrong.
  const moved = summary.replace(/(`setPersonalLayout`[^\n]*\| \[`@pexip\/infinity` )19\.1\.2 → 20\.0\.0\]\(([^)#]*)#v20-0-0\)/, '$119.0.0 → 19.1.2]($2#v19-1-2)');
  assert.notEqual(moved, summary);
  const row = readChangeRows(moved).find((candidate) => candidate.key === 'setPersonalLayout')!;
  assert.deepEqual(checkRow(row, historyOf), [
    `${summaryFile}:${row.line} (setPersonalLayout, @pexip/infinity 19.0.0 → 19.1.2): "added Client.setPersonalLayout" is not an entry of the generated changelog for 19.0.0 → 19.1.2`,
    `${summaryFile}:${row.line} (setPersonalLayout, @pexip/infinity 19.0.0 → 19.1.2): "added Client.deleteVideoMix" is not an entry of the generated changelog for 19.0.0 → 19.1.2`,
  ]);
});

test('a row whose versions the changelog does not compare, or without a link to them, is reported', () => {
  const skipping = { line: 7, key: 'getMe()', packageName: '@pexip/infinity', before: '17.7.0', after: '20.0.0', href: undefined };
  assert.deepEqual(checkRow(skipping, historyOf), [
    `${summaryFile}:7 (getMe(), @pexip/infinity 17.7.0 → 20.0.0): the generated changelog does not compare 17.7.0 with 20.0.0; list both in history.packages in portal.config.ts`,
  ]);
  const unlinked = { ...skipping, before: '17.7.0', after: '19.0.0' };
  assert.deepEqual(checkRow(unlinked, historyOf), [`${summaryFile}:7 (getMe(), @pexip/infinity 17.7.0 → 19.0.0): the versions should link to /docs/infinity/web/npm-packages/infinity/changelog#v19-0-0, not nowhere`]);
});

test('a row without generated entries named is reported', () => {
  const row = { line: 7, key: 'directMedia', packageName: '@pexip/infinity', before: '19.1.2', after: '20.0.0' };
  assert.deepEqual(checkRow(row, historyOf), [`${summaryFile}:7: no generated entries named for "directMedia"; add them to this test or drop the row`]);
});
