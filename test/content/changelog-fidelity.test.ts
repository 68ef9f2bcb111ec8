import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { loadConfig } from '../../src/config/load.ts';
import { buildApiReference, withChangelogs } from '../../src/openapi/index.ts';
import { AssetRegistry } from '../../src/content/assets.ts';
import { createContentProcessor } from '../../src/content/doc-pages.ts';
import { Diagnostics } from '../../src/errors.ts';
import { loadSpec } from '../../src/openapi/load-spec.ts';
import { compareSpecs } from '../../src/openapi/spec-changes.ts';
import { typesEntries } from '../../src/typedoc/convert.ts';
import { type DeclarationChange, exportOf } from '../../src/typedoc/declaration-changes.ts';
import { declarationProgram } from '../../src/typedoc/declaration-texts.ts';
import { packageHistory } from '../../src/typedoc/package-history.ts';
import { configFileRoots } from '../../src/util/project-files.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { bodyOf } from '../helpers/openapi.ts';
import { readReleases } from '../../src/typedoc/releases.ts';
import { realPackageHistory } from '../helpers/package-histories.ts';
import { packageFolder } from '../helpers/package-versions.ts';
import { renderArticle } from '../../src/kinds/article.tsx';

// The changelogs generated for this portal's real packages and specs (a content check: it reads
// every installed version and runs the compiler on each). Every generated changelog entry is
// held against the two declaration files or specs it came from, read here another way: export
// and member names from the compiler's symbols (not the printed texts the diff compares), spec
// values by walking the dereferenced documents.

const { config } = await loadConfig('portal.config.ts', repoRoot);
const cacheDir = undefined;

/** The exported names of a declaration entry, and the member names of each export, from the checker. */
function apiNames(folder: string): Map<string, Set<string>> {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  const entry = path.join(folder, typesEntries(manifest)['.']);
  const program = declarationProgram(entry);
  const checker = program.getTypeChecker();
  const names = new Map<string, Set<string>>();
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const members = new Set<string>();
    if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
      for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) members.add(member.getName());
    }
    if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) symbol.exports?.forEach((member) => members.add(member.getName()));
    if (symbol.flags & ts.SymbolFlags.Class) for (const member of checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol))) members.add(member.getName());
    names.set(exported.getName(), members);
  }
  return names;
}

const has = (names: Map<string, Set<string>>, symbol: string) => {
  const name = exportOf(symbol);
  if (symbol === name) return names.has(name);
  const member = symbol.slice(name.length + 1).replace(/^\[(\w+)\]$/, '__@$1');
  return [...(names.get(name) ?? [])].some((candidate) => candidate === member || candidate.startsWith(`${member}@`) || candidate === member.replace(/^"|"$/g, ''));
};

/** What the two versions' names contradict in one entry; empty when it holds. */
function checkEntry(change: DeclarationChange, older: Map<string, Set<string>>, newer: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const inOld = has(older, change.symbol);
  const inNew = has(newer, change.symbol);
  if (change.symbol.endsWith('[index]')) return change.before || change.after ? [] : ['an index signature change without texts'];
  if (change.kind === 'added' && (inOld || !inNew)) problems.push(`added, but ${inOld ? 'already in the earlier version' : 'not in the later one'}`);
  if (change.kind === 'removed' && (!inOld || inNew)) problems.push(`removed, but ${inNew ? 'still in the later version' : 'not in the earlier one'}`);
  if (change.kind === 'renamed') {
    const oldSymbol = `${change.symbol.slice(0, change.symbol.lastIndexOf('.'))}.${change.renamedFrom}`;
    if (!has(older, oldSymbol) || has(newer, oldSymbol) || inOld || !inNew) problems.push(`renamed from ${change.renamedFrom}, but the names do not say so`);
  }
  // Whether the types differ is the checker's to say: test/content/package-changes-probes.test.ts
  // compiles each change's proof against both versions.
  if (change.kind === 'changed' && !change.proof && !(change.before?.length && change.after?.length && change.before.join('\n') !== change.after.join('\n'))) problems.push('changed, but without a proof or two different texts');
  if (change.kind === 'deprecated' && (!inNew || !change.deprecated)) problems.push('deprecated, but not in the later version or without its text');
  if (change.breaking !== (change.kind === 'removed' || change.kind === 'renamed' || !!change.why)) problems.push('breaking without a reason, or a reason without breaking');
  return problems.map((problem) => `${change.kind} ${change.symbol}: ${problem}`);
}

describe('generated npm package changelogs', () => {
  const documented = [...new Set(config.npmReference.flatMap((area) => area.packages))];

  for (const name of documented) {
    test(`${name}: every entry holds in the two versions' declarations`, async (t) => {
      const history = await realPackageHistory(name);
      const names = new Map(history.versions.map((version) => [version, apiNames(packageFolder(name, version))]));
      const problems = history.pairs.flatMap((pair) => pair.changes.flatMap((change) => checkEntry(change, names.get(pair.from)!, names.get(pair.to)!).map((problem) => `${pair.from} → ${pair.to}: ${problem}`)));
      assert.deepEqual(problems, []);
      const [pinned, ...earlier] = history.versions;
      // At least the previous major, where npm has one: @pexip/signal has no major before 16, and
      // the VPaaS packages and the socket manager have one published version.
      const noEarlierMajor = ['@pexip/signal', '@pexip/vpaas-sdk', '@pexip/vpaas-api', '@pexip/socket-manager'];
      if (!noEarlierMajor.includes(name)) assert.ok(earlier.some((version) => Number(version.split('.')[0]) < Number(pinned.split('.')[0])), `${name}: no earlier major compared (${history.versions.join(', ')})`);
      t.diagnostic(`${name}: ${history.pairs.map((pair) => `${pair.from}→${pair.to} ${pair.changes.length} (${pair.changes.filter((change) => change.breaking).length} breaking)`).join(', ') || 'first version documented'}`);
    });
  }

  test('an entry the declarations contradict is reported', () => {
    const older = apiNames(packageFolder('@pexip/infinity', '19.1.2'));
    const newer = apiNames(packageFolder('@pexip/infinity', '20.0.0'));
    // getMe was already in 19.1.2; Client.me was gone by then; createInfinityClientSignals is in both.
    assert.deepEqual(
      [
        checkEntry({ kind: 'added', symbol: 'Client.getMe', breaking: false }, older, newer),
        checkEntry({ kind: 'removed', symbol: 'Client.me', breaking: true, why: 'gone' }, older, newer),
        checkEntry({ kind: 'changed', symbol: 'createInfinityClientSignals', breaking: false, before: ['f(a)'], after: ['f(a)'] }, older, newer),
        checkEntry({ kind: 'removed', symbol: 'InfinitySignals', breaking: false }, older, newer),
      ],
      [
        ['added Client.getMe: added, but already in the earlier version'],
        ['removed Client.me: removed, but not in the earlier one'],
        ['changed createInfinityClientSignals: changed, but without a proof or two different texts'],
        ['removed InfinitySignals: removed, but still in the later version', 'removed InfinitySignals: breaking without a reason, or a reason without breaking'],
      ],
    );
  });

  test('the TransceiverConfig field rename between peer-connection 17.12 and 18.2 is flagged breaking', () => {
    const history = packageHistory('@pexip/peer-connection', ['17.12.0'], repoRoot, cacheDir);
    const rename = history.pairs[0].changes.find((change) => change.symbol === 'TransceiverConfig.allowChangeOfMediaDirection');
    assert.deepEqual({ kind: rename?.kind, from: rename?.renamedFrom, breaking: rename?.breaking }, { kind: 'renamed', from: 'allowAutoChangeOfDirection', breaking: true });
  });
});

const at = (document: unknown, pathParts: (string | number)[]) => pathParts.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), document);

describe('generated API changelogs', () => {
  const load = async (file: string) => (await loadSpec(path.resolve(repoRoot, file), file, configFileRoots(repoRoot, file))).document;

  for (const source of config.openapi) {
    test(`${source.spec}: every entry holds in the two specs`, async () => {
      const versions = [await load(source.spec), ...(await Promise.all((config.history.specs[source.spec] ?? []).map((earlier) => load(earlier.spec))))];
      const problems: string[] = [];
      let total = 0;
      for (let index = 1; index < versions.length; index += 1) {
        const [older, newer] = [versions[index], versions[index - 1]];
        for (const change of compareSpecs(older, newer).changes) {
          total += 1;
          const [was, is] = [at(older, change.path), at(newer, change.path)];
          const where = `${change.kind} ${change.path.join('/')}`;
          if (change.kind === 'added' && (was !== undefined || is === undefined)) problems.push(`${where}: not absent before and present after`);
          if (change.kind === 'removed' && (was === undefined || is !== undefined)) problems.push(`${where}: not present before and absent after`);
          if (change.kind === 'changed' && (was === undefined || is === undefined || JSON.stringify(was) === JSON.stringify(is))) problems.push(`${where}: not in both, or the same`);
        }
      }
      console.log(`${source.spec}: ${versions.length} versions, ${total} entries`);
      assert.deepEqual(problems, []);
    });
  }

  test('every API gets its changelog page, last in its sidebar section, with a feed entry per version pair', async () => {
    const diagnostics = new Diagnostics();
    const { pages, sidebars } = withChangelogs(await buildApiReference(repoRoot, config, createContentProcessor([], new AssetRegistry(), { root: repoRoot }), renderArticle, diagnostics, undefined, new Map([['content/specs/vpaas.openapi.yaml', '2026-11-23T16:03:14Z']]), (name) => readReleases(repoRoot, name)));
    assert.deepEqual(diagnostics.errors, []);
    for (const source of config.openapi) {
      const route = `/docs/${source.folder}/changelog`;
      const page = pages.find((candidate) => candidate.route === route);
      assert.ok(page, `no ${route}`);
      assert.deepEqual(sidebars.find((sidebar) => sidebar.folder === source.folder)?.items.at(-1), { label: 'Changelog', href: route });
      // A feed per pair of published versions: every API here has one published description.
      assert.equal(page.feed?.entries.length, config.history.specs[source.spec]?.length || undefined, route);
    }
    // VPaaS: an edit to this site's copy of its spec is not an API release; the published package is.
    const vpaas = pages.find((page) => page.route === '/docs/vpaas/api/changelog')!;
    assert.equal(vpaas.feed, undefined);
    const vpaasHtml = bodyOf(vpaas);
    assert.ok(vpaas.kind === 'changelog' && vpaasHtml.includes('published as the npm package @pexip/vpaas-api, and the registry lists one published version: 18.0.5 (2026-05-08)'), vpaasHtml);
    assert.ok(!vpaasHtml.includes('2026-11-23'), 'no date of an edit to the spec is announced');
  });
});
