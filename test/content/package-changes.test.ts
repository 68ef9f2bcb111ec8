import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Root, Table, TableCell } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { toString } from 'mdast-util-to-string';
import { repoRoot } from '../helpers/fixtures.ts';
import { packageFolder, readDeclarations } from '../helpers/package-versions.ts';

// The npm tutorial's summary lists API changes between package versions. Each row names the last
// published version without the change and the first with it; this test holds every row against
// the type declarations of those two versions, so a change attributed to the wrong release fails.

const summaryFile = 'content/docs/infinity/web/tutorials/npm-packages/summary.md';
const heading = 'What changed in the packages';

interface DeclarationCheck {
  /** Absent from the earlier version's declarations, present in the later one's. */
  introduced?: RegExp[];
  /** Present in the earlier version's declarations, absent from the later one's. */
  removed?: RegExp[];
  /** Present in both: what the row says stayed the same. */
  kept?: RegExp[];
}

// Keyed by the first code span of the row's "Change" cell.
const checks: Record<string, DeclarationCheck> = {
  'getMe()': { introduced: [/\bgetMe\(roomId\?/], removed: [/^\s*me\?: Participant;/m] },
  mediaPriorities: { introduced: [/\bnetworkPriorities\?: MediaPriority/], removed: [/\bmediaPriorities\?: MediaPriority/] },
  createInfinityClientSignals: { introduced: [/createInfinityClientSignals: <[^>]*>\(more: K\[\], \{[^}]*batchScheduleTimeoutMS/] },
  onParticipantUpdated: {
    introduced: [/onParticipantUpdated: Signal</, /onParticipantJoined: Signal<RoomParticipantEvent, RoomParticipantEvent\[\]>/],
  },
  AudioVideoPresentation: {
    introduced: [/\bAudioVideoPresentation = \d+/, /DEFAULT_CLIENT_CALLTYPE = ClientCallType\.AudioVideoPresentation/],
  },
  isParticipantID: {
    introduced: [/function isParticipantID\(/, /function isRoomID\(/, /type ParticipantID = /, /type RoomID = /],
  },
  ExtendedInfinityErrorMessage: {
    introduced: [/ErrorSignal = Signal<\{\s*error: ExtendedInfinityErrorMessage;/],
    kept: [/ErrorSignal = Signal<\{\s*error: \w+;\s*errorCode: ExtendedInfinityErrorCode;\s*\}>/],
  },
  setPersonalLayout: { introduced: [/\bsetPersonalLayout: \(/, /\bdeleteVideoMix: \(/] },
  delegate: { introduced: [/\bdelegate\?: \(\) => Delegate/], removed: [/\bdelegate\?: 'CPU' \| 'GPU'/] },
  backend: { introduced: [/\bbackend\??: RenderBackend/] },
};

interface ChangeRow {
  line: number;
  key: string;
  packageName: string;
  before: string;
  after: string;
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
    const packageName = versions.children.find((node) => node.type === 'inlineCode')?.value;
    const range = /(\d+\.\d+\.\d+)\s*→\s*(\d+\.\d+\.\d+)/.exec(toString(versions));
    assert.ok(key && packageName && range, `${summaryFile}:${line}: a row needs a code span in "Change" and "\`package\` A.B.C → X.Y.Z" in "Between versions"`);
    return { line, key, packageName, before: range[1], after: range[2] };
  });
}

/** What the declarations of the row's two versions contradict; empty when the row holds. */
export function checkRow(row: ChangeRow, declarationsOf: (name: string, version: string) => string): string[] {
  const check = checks[row.key];
  if (!check) return [`${summaryFile}:${row.line}: no declaration check for "${row.key}"; add one to this test or drop the row`];
  const before = declarationsOf(row.packageName, row.before);
  const after = declarationsOf(row.packageName, row.after);
  const at = `${summaryFile}:${row.line} (${row.key}, ${row.packageName} ${row.before} → ${row.after})`;
  const problems: string[] = [];
  for (const pattern of check.introduced ?? []) {
    if (pattern.test(before)) problems.push(`${at}: ${pattern} is already in ${row.before}`);
    if (!pattern.test(after)) problems.push(`${at}: ${pattern} is not in ${row.after}`);
  }
  for (const pattern of check.removed ?? []) {
    if (!pattern.test(before)) problems.push(`${at}: ${pattern} is not in ${row.before}`);
    if (pattern.test(after)) problems.push(`${at}: ${pattern} is still in ${row.after}`);
  }
  for (const pattern of check.kept ?? []) {
    if (!pattern.test(before) || !pattern.test(after)) problems.push(`${at}: ${pattern} is not in both versions`);
  }
  return problems;
}

const cache = new Map<string, string>();
function declarationsOf(name: string, version: string): string {
  const key = `${name}@${version}`;
  if (!cache.has(key)) cache.set(key, readDeclarations(packageFolder(name, version)));
  return cache.get(key)!;
}

const summary = fs.readFileSync(path.join(repoRoot, summaryFile), 'utf8');

test('every row of the npm tutorial summary\'s change table holds in the two versions\' declarations', () => {
  const rows = readChangeRows(summary);
  assert.ok(rows.length >= 10, `read ${rows.length} rows`);
  assert.deepEqual(rows.flatMap((row) => checkRow(row, declarationsOf)), []);
});

test('a change attributed to the wrong release is reported', () => {
  // The batching options of createInfinityClientSignals were already in 19.1.2, so "19.1.2 → 20.0.0" is wrong.
  const moved = summary.replace(/(`createInfinityClientSignals`[^\n]*\| `@pexip\/infinity` )19\.0\.0 → 19\.1\.2/, '$119.1.2 → 20.0.0');
  assert.notEqual(moved, summary);
  const row = readChangeRows(moved).find((candidate) => candidate.key === 'createInfinityClientSignals')!;
  assert.deepEqual(checkRow(row, declarationsOf), [
    `${summaryFile}:${row.line} (createInfinityClientSignals, @pexip/infinity 19.1.2 → 20.0.0): ${checks.createInfinityClientSignals.introduced![0]} is already in 19.1.2`,
  ]);
});

test('a row without a declaration check is reported', () => {
  const row = { line: 7, key: 'directMedia', packageName: '@pexip/infinity', before: '19.1.2', after: '20.0.0' };
  assert.deepEqual(checkRow(row, declarationsOf), [`${summaryFile}:7: no declaration check for "directMedia"; add one to this test or drop the row`]);
});
