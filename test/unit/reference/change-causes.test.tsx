import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { Changelog } from '../../../templates/reference/Changelog.tsx';
import { changeCauses } from '../../../src/typedoc/change-causes.ts';
import type { DeclarationChange } from '../../../src/typedoc/declaration-changes.ts';
import { packageChangelogView } from '../../../src/typedoc/changelog-page.ts';

// One made-up release turns string member ids into a branded `MemberId`: three exports that take
// or give an id break through that one type, while `Roster.size` changed on its own, and
// `Settings.theme` names an unchanged type in both versions.
const proof = (code: string) => ({ text: code, laterError: "Type 'string' is not assignable to type 'MemberId'." });
const changes: DeclarationChange[] = [
  { kind: 'added', symbol: 'MemberId', breaking: false, after: ['type MemberId = string & { __brand: "MemberId" }'] },
  { kind: 'changed', symbol: 'Roster.admit', breaking: true, before: ['admit(id: string): void'], after: ['admit(id: MemberId): void'], proof: proof('roster.admit("a");') },
  { kind: 'changed', symbol: 'Roster.kick', breaking: true, before: ['kick(id: string): void'], after: ['kick(id: MemberId): void'], proof: proof('roster.kick("a");') },
  { kind: 'changed', symbol: 'Member.id', breaking: true, before: ['id: string'], after: ['id: MemberId'], proof: proof('const member: Member = { id: "a" };') },
  { kind: 'changed', symbol: 'Roster.size', breaking: true, before: ['size: number'], after: ['size: string'], proof: proof('const size: number = roster.size;') },
  { kind: 'changed', symbol: 'Settings.theme', breaking: false, before: ['theme: Theme | undefined'], after: ['theme?: Theme'] },
];

test('a changed entry is traced to the added or changed type its later declaration newly names', () => {
  assert.deepEqual([...changeCauses(changes)], [
    ['Roster.admit', ['MemberId']],
    ['Roster.kick', ['MemberId']],
    ['Member.id', ['MemberId']],
  ]);
});

test('the changelog shows one heading per changed type with the exports it reaches, each entry keeping its probe', () => {
  const view = packageChangelogView({ name: '@planted/roster', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] }, () => undefined);
  const html = renderToStaticMarkup(<Changelog view={view} />);
  const cluster = /<h4 id="v2-0-0-breaking-through-memberid">Through <span><code>MemberId<\/code><\/span>: 3 entries.*?<\/ul>/s.exec(html)?.[0] ?? '';
  assert.ok(cluster, html);
  for (const symbol of ['Roster.admit', 'Roster.kick', 'Member.id']) assert.ok(cluster.includes(`<code>${symbol}</code>`), `${symbol} is under MemberId`);
  assert.equal(cluster.match(/class="changelog-proof"/g)?.length, 3, 'each entry keeps its probe');
  assert.ok(!cluster.includes('Roster.size'));
  assert.match(html, /<h4 id="v2-0-0-breaking-other">Other changes.*?<code>Roster\.size<\/code>/s);
});
