import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { loadConfig, validateConfig } from '../../../src/config/load.ts';
import { apiChangelogPage } from '../../../src/reference/openapi/changelog-page.tsx';
import { buildApiReference, withChangelogs } from '../../../src/reference/openapi/index.ts';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { createContentProcessor } from '../../../src/content/doc-pages.ts';
import { Diagnostics, type PortalError } from '../../../src/errors.ts';
import { loadSpec, type OpenApiDocument } from '../../../src/reference/openapi/load-spec.ts';
import { compareSpecs } from '../../../src/reference/openapi/spec-changes.ts';
import { typesEntries } from '../../../src/reference/typedoc/convert.ts';
import { type DeclarationChange, exportOf } from '../../../src/reference/typedoc/declaration-changes.ts';
import { declarationProgram } from '../../../src/reference/typedoc/declaration-texts.ts';
import { packageHistory, pairChanges } from '../../../src/reference/typedoc/package-history.ts';
import { packageChangelogView } from '../../../src/reference/typedoc/changelog-page.tsx';
import { configFileRoots } from '../../../src/util/project-files.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { packageFolder } from '../../helpers/package-versions.ts';

// Every generated changelog entry is held against the two declaration files or specs it came
// from, read here another way: export and member names from the compiler's symbols (not the
// printed texts the diff compares), spec values by walking the dereferenced documents.

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
  const counts: string[] = [];

  for (const name of documented) {
    test(`${name}: every entry holds in the two versions' declarations`, () => {
      const history = packageHistory(name, config.history.packages[name] ?? [], repoRoot, cacheDir);
      const names = new Map(history.versions.map((version) => [version, apiNames(packageFolder(name, version))]));
      const problems = history.pairs.flatMap((pair) => pair.changes.flatMap((change) => checkEntry(change, names.get(pair.from)!, names.get(pair.to)!).map((problem) => `${pair.from} → ${pair.to}: ${problem}`)));
      assert.deepEqual(problems, []);
      const [pinned, ...earlier] = history.versions;
      // At least the previous major, where npm has one: @pexip/signal has no major before 16, and
      // the VPaaS packages and the socket manager have one published version.
      const noEarlierMajor = ['@pexip/signal', '@pexip/vpaas-sdk', '@pexip/vpaas-api', '@pexip/socket-manager'];
      if (!noEarlierMajor.includes(name)) assert.ok(earlier.some((version) => Number(version.split('.')[0]) < Number(pinned.split('.')[0])), `${name}: no earlier major compared (${history.versions.join(', ')})`);
      counts.push(`${name}: ${history.pairs.map((pair) => `${pair.from}→${pair.to} ${pair.changes.length} (${pair.changes.filter((change) => change.breaking).length} breaking)`).join(', ') || 'first version documented'}`);
    });
  }

  test('counts', () => console.log(counts.join('\n')));

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

describe('the history config', () => {
  test('a history naming a spec or package the config does not document is an error naming it', () => {
    const bad = { ...config, history: { packages: { '@pexip/infinty': ['1.0.0'] }, specs: { 'content/specs/vpass.openapi.yaml': [{ spec: 'content/specs/history/x.yaml', date: '2026-01-01' }] } } };
    assert.throws(() => validateConfig(bad), (error: PortalError) => {
      const messages = error.problems.map((problem) => problem.message).join('\n');
      assert.match(messages, /"content\/specs\/vpass\.openapi\.yaml" is not the spec of any openapi entry/);
      assert.match(messages, /"@pexip\/infinty" is not a package of any npmReference entry/);
      return true;
    });
  });
});

describe('the declaration diff on planted declarations', () => {
  test('an added or changed export says what it is: the first paragraph of its doc comment', () => {
    const changes = changesBetween(
      `/** Starts the engine. */\nexport declare function start(force: boolean): void;`,
      `/**\n * Starts the engine,\n * warm or cold.\n *\n * Resolves once it runs.\n */\nexport declare function start(force?: boolean): void;\n/** Stops the engine. */\nexport declare function stop(): void;`,
    );
    assert.deepEqual(changes.map((change) => [change.kind, change.symbol, change.summary]), [
      ['changed', 'start', 'Starts the engine, warm or cold.'],
      ['added', 'stop', 'Stops the engine.'],
    ]);
    const view = packageChangelogView({ name: '@planted/api', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] }, () => undefined);
    assert.deepEqual(view.sections[0].changes.map((change) => change.summary), ['Starts the engine, warm or cold.', 'Stops the engine.']);
  });

  // Two versions of a planted package, each a folder with its package.json and declarations.
  const changesBetween = (earlier: string, later: string) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'changes39-planted-'));
    try {
      const side = (version: string, source: string) => {
        const folder = path.join(root, version);
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: '@planted/api', version, types: 'index.d.ts' }));
        fs.writeFileSync(path.join(folder, 'index.d.ts'), source);
        return { version, folder };
      };
      return pairChanges('@planted/api', side('1.0.0', earlier), side('2.0.0', later), undefined);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  const summary = (changes: DeclarationChange[]) => changes.map((change) => `${change.kind}${change.breaking ? '!' : ''} ${change.symbol}${change.renamedFrom ? ` from ${change.renamedFrom}` : ''}${change.deprecated ? `: ${change.deprecated}` : ''}`);

  test('a renamed required field, a field made required, a new required argument and a removed export are breaking', () => {
    const changes = changesBetween(
      `export interface Config { allowAutoChange: boolean; label?: string; size?: number }
export declare function connect(url: string): void;
export declare const gone: number;
export interface Kept { a: string }`,
      `export interface Config { allowChange: boolean; label?: string; size: number }
export declare function connect(url: string, options: { retries: number }): void;
/** @deprecated Use \`Config\` instead. */
export interface Kept { a: string }
export declare const fresh: number;`,
    );
    assert.deepEqual(summary(changes), [
      'renamed! Config.allowChange from allowAutoChange',
      'changed! Config.size',
      'changed! connect',
      'added fresh',
      'removed! gone',
      'deprecated Kept: Use `Config` instead.',
    ]);
    const connect = changes.find((change) => change.symbol === 'connect')!;
    assert.match(connect.proof?.laterError ?? '', /Target signature provides too few arguments|Expected 2 arguments|not assignable/);
    assert.equal(connect.proof?.earlierError, undefined);
  });

  test('a change of spelling alone is no change: quotes, an alias for an inline union, a reordered union', () => {
    const changes = changesBetween(
      `export type Mode = 'a' | 'b';
export declare function pick(mode: 'a' | 'b'): "x" | "y";
export interface Options { mode?: Mode; tags: Array<string> }`,
      `export type Mode = "b" | "a";
export declare function pick(mode: Mode): 'y' | 'x';
export interface Options { mode?: "a" | "b"; tags: string[] }`,
    );
    assert.deepEqual(summary(changes), []);
  });

  test('a change inside a type the package does not export shows on the export that uses it, and a widening is compatible', () => {
    const changes = changesBetween(
      `interface Settings { retries: number }
export declare function start(settings: Settings): void;
export declare function widen(value: string): void;
export {};`,
      `interface Settings { retries: number; region: string }
export declare function start(settings: Settings): void;
export declare function widen(value: string | number): void;
export {};`,
    );
    assert.deepEqual(summary(changes), ['changed! start', 'changed widen']);
    const view = packageChangelogView({ name: '@planted/api', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] }, () => undefined);
    assert.equal(view.sections[0].changes.find((change) => change.name === 'start')?.proof?.code.includes("import * as Earlier from '@planted/api@1.0.0'"), true);
    const widen = changes.find((change) => change.symbol === 'widen')!;
    assert.equal(widen.proof?.laterError, undefined, 'a compatible change\'s proof compiles against the later version');
    assert.ok(widen.witness?.laterError, 'and its witness shows the types differ');
  });
});

/** The value at a path of a dereferenced description, or undefined. */
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

  const spec = (parameters: object[], deprecated = false): OpenApiDocument =>
    ({ openapi: '3.0.3', info: { title: 'Planted API', version: deprecated ? '2.0.0' : '1.0.0' }, paths: { '/items': { get: { operationId: 'listItems', deprecated, parameters, responses: { 200: { description: 'OK' } } } } } }) as OpenApiDocument;

  test('every API gets its changelog page, last in its sidebar section, with a feed entry per version pair', async () => {
    const diagnostics = new Diagnostics();
    const { pages, sidebars } = withChangelogs(await buildApiReference(repoRoot, config, createContentProcessor([], new AssetRegistry(), { root: repoRoot }), diagnostics, undefined, new Map([['content/specs/vpaas.openapi.yaml', '2026-11-23T16:03:14Z']])));
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
    assert.ok(vpaas.kind === 'changelog' && vpaas.body.html.includes('published as the npm package @pexip/vpaas-api, and the registry lists one published version: 18.0.5 (2026-05-08)'), vpaas.kind === 'changelog' ? vpaas.body.html : '');
    assert.ok(vpaas.kind === 'changelog' && !vpaas.body.html.includes('2026-11-23'), 'no date of an edit to the spec is announced');
  });

  test('a new required parameter is breaking and a deprecated operation is listed', () => {
    const { changes } = compareSpecs(spec([]), spec([{ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }], true));
    assert.ok(changes.some((change) => change.breaking && change.kind === 'added' && change.operation === 'GET /items' && change.where.startsWith('parameters')), JSON.stringify(changes));
    assert.ok(changes.some((change) => change.kind === 'deprecated' && change.operation === 'GET /items'), JSON.stringify(changes));
  });

  test('an API with no earlier published version gets a "first version documented" page with its version, no date of an edit, and no feed', () => {
    const source = config.openapi[0];
    const page = apiChangelogPage(source, 'vpaas', [{ document: spec([]), file: 'planted.yaml', date: '2026-01-02' }], () => undefined);
    assert.ok(page.kind === 'changelog' && page.body.html.includes('Version 1.0.0 of the Planted API description is the first version documented') && !page.body.html.includes('2026-01-02'), page.kind === 'changelog' ? page.body.html : '');
    assert.equal(page.feed, undefined);
    assert.deepEqual(page.toc, [{ depth: 2, id: 'first-version', text: 'First version documented' }]);
  });
});
