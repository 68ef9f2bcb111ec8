import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { loadConfig } from '../../src/config/load.ts';
import type { DeclarationChange } from '../../src/typedoc/declaration-changes.ts';
import { pairChanges } from '../../src/typedoc/package-history.ts';
import { type DeclarationCache, hostParsingDeclarationsOnce } from '../helpers/declaration-parse-cache.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { realPackageHistory } from '../helpers/package-histories.ts';
import { packageFolder } from '../helpers/package-versions.ts';

// Every entry of every generated package changelog, re-derived here without the generator's
// classification: each change's probe is compiled on its own with the TypeScript API against the
// two installed versions (a breaking one must compile against the earlier and fail against the
// later; a compatible one must compile against both, and its witness must fail against the later),
// and each added or removed name is looked up in both versions with the checker. The fixtures in
// test/fixtures/package-changes are the three cases a review found wrong.

// Loaded before any test runs: the compiles below hold the thread for seconds at a time.
const { config } = await loadConfig('portal.config.ts', repoRoot);

/** A package version's declaration entry, read from its package.json ("types", or the "." export's types). */
function entryOf(folder: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: Record<string, { types?: string }> };
  const relative = manifest.exports?.['.']?.types ?? manifest.types ?? manifest.typings;
  assert.ok(relative, `${folder}: no types entry`);
  return fs.realpathSync(path.join(folder, relative));
}

// Two versions of one class are unrelated types while either declares a private member; no
// reader's code holds both, so the probes compile against declarations without them.
const dropPrivates = (text: string) =>
  text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      return trimmed !== '#private;' && !(trimmed.startsWith('private ') && !trimmed.startsWith('private constructor') && trimmed.endsWith(';'));
    })
    .join('\n');

// Each kind of program below parses a declaration file once (test/helpers/declaration-parse-cache.ts).
const probeDeclarations: DeclarationCache = new Map();
const lookupDeclarations: DeclarationCache = new Map();

/** Compiles each probe as its own file, `specifiers` mapped to declaration entries; the first error of each, or undefined. */
function compile(probes: string[], specifiers: Record<string, string>): (string | undefined)[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-probes-'));
  try {
    const files = probes.map((text, index) => {
      const file = path.join(folder, `probe-${index}.ts`);
      fs.writeFileSync(file, text);
      return file;
    });
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      paths: Object.fromEntries(Object.entries(specifiers).map(([specifier, entry]) => [specifier, [entry]])),
    };
    const program = ts.createProgram(files, options, hostParsingDeclarationsOnce(options, probeDeclarations, dropPrivates));
    return files.map((file) => {
      const source = program.getSourceFile(file)!;
      const [first] = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      return first && ts.flattenDiagnosticMessageText(first.messageText, '\n');
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Whether a version exports `symbol` (`Name`, or `Name.member` on its type or its class's static side), by the checker. */
function exportsSymbol(entry: string): (symbol: string) => boolean {
  const options: ts.CompilerOptions = { strict: true, skipLibCheck: true, noEmit: true, types: [], moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'] };
  const program = ts.createProgram([entry], options, hostParsingDeclarationsOnce(options, lookupDeclarations));
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exported = new Map(checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.getName(), symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol]));
  return (symbol) => {
    const [name, ...rest] = symbol.split('.');
    const found = exported.get(name);
    if (!found || !rest.length) return !!found;
    const member = rest.join('.').replace(/^\[(\w+)\]$/, '__@$1');
    const types = [checker.getDeclaredTypeOfSymbol(found), ...(found.flags & ts.SymbolFlags.Value ? [checker.getTypeOfSymbol(found)] : [])];
    if (found.flags & ts.SymbolFlags.Enum) return !!found.exports?.has(member as ts.__String);
    return types.some((type) => checker.getPropertiesOfType(type).some((property) => property.getName() === member || property.getName().startsWith(`${member}@`)));
  };
}

interface Side {
  version: string;
  folder: string;
}

/** What the two versions contradict in the entries of one pair; empty when every entry holds. */
function rederive(name: string, earlier: Side, later: Side, changes: DeclarationChange[], exportsOf = exportsSymbol): string[] {
  const [earlierEntry, laterEntry] = [entryOf(earlier.folder), entryOf(later.folder)];
  const laterSpecifier = `${name}@${later.version}`;
  const earlierSpecifier = `${name}@${earlier.version}`;
  // Against the later version as written; against the earlier one with the later import pointed back.
  const againstLater = { [earlierSpecifier]: earlierEntry, [laterSpecifier]: laterEntry };
  const againstEarlier = { [earlierSpecifier]: earlierEntry, [laterSpecifier]: earlierEntry };
  const proved = changes.filter((change) => change.proof);
  const texts = proved.flatMap((change) => [change.proof!.text, change.witness?.text ?? change.proof!.text]);
  const [onLater, onEarlier] = [compile(texts, againstLater), compile(texts, againstEarlier)];
  const problems: string[] = [];
  proved.forEach((change, index) => {
    const at = `${change.kind}${change.breaking ? ' (breaking)' : ''} ${change.symbol}`;
    const [proofLater, witnessLater, proofEarlier, witnessEarlier] = [onLater[2 * index], onLater[2 * index + 1], onEarlier[2 * index], onEarlier[2 * index + 1]];
    if (proofEarlier) problems.push(`${at}: its probe does not compile against ${earlier.version}: ${proofEarlier}`);
    if (change.breaking && !proofLater) problems.push(`${at}: its probe compiles against ${later.version}, so nothing written for ${earlier.version} is shown to break`);
    if (!change.breaking && proofLater) problems.push(`${at}: listed as compatible, but its probe fails against ${later.version}: ${proofLater}`);
    if (!change.breaking && (!change.witness || witnessEarlier || !witnessLater)) problems.push(`${at}: listed as changed, but no witness shows the types differ`);
  });
  const [inEarlier, inLater] = [exportsOf(earlierEntry), exportsOf(laterEntry)];
  for (const change of changes) {
    const at = `${change.kind} ${change.symbol}`;
    if (change.kind === 'changed' && !change.proof && !(change.before?.length === 1 && change.after?.length === 1 && change.before[0] !== change.after[0] && /^(?:-?[\d.]+|"(?:[^"\\]|\\.)*")$/.test(change.before[0]))) problems.push(`${at}: changed without a proof, and not an enum member whose value changed`);
    if (change.kind === 'added' && (inEarlier(change.symbol) || !inLater(change.symbol))) problems.push(`${at}: ${inEarlier(change.symbol) ? `already in ${earlier.version}` : `not in ${later.version}`}`);
    if (change.kind === 'removed' && (!inEarlier(change.symbol) || inLater(change.symbol))) problems.push(`${at}: ${inLater(change.symbol) ? `still in ${later.version}` : `not in ${earlier.version}`}`);
    if (change.kind === 'removed' && !change.breaking) problems.push(`${at}: a removal that is not breaking`);
  }
  return problems;
}

const fixtures = path.join(repoRoot, 'test/fixtures/package-changes');
const fixtureChanges = (fixture: string) => {
  const [earlier, later] = [{ version: '1.0.0', folder: path.join(fixtures, fixture, 'earlier') }, { version: '1.1.0', folder: path.join(fixtures, fixture, 'later') }];
  const name = `@fixture/${fixture}`;
  const changes = pairChanges(name, earlier, later, undefined);
  return { changes, problems: rederive(name, earlier, later, changes), summary: changes.map((change) => `${change.kind}${change.breaking ? '!' : ''} ${change.symbol}`) };
};

describe('the three cases a review found wrong, as fixtures', () => {
  test('an options interface that became a union whose members all carry its fields: nothing removed, nothing breaking', () => {
    const { summary, problems } = fixtureChanges('union-options');
    assert.deepEqual(summary, ['added BufferedChannelOptions', 'added PlainChannelOptions']);
    assert.deepEqual(problems, []);
  });
  test('a string id that became a branded type declared in a file the package does not export: breaking on the method that takes it', () => {
    const { summary, problems, changes } = fixtureChanges('branded-id');
    assert.deepEqual(summary, ['changed! Roster.admit']);
    assert.match(changes[0].proof!.laterError!, /Type 'string' is not assignable to type 'MemberId'/);
    assert.deepEqual(problems, []);
  });
  test('a listener payload that changed from Error to an object: breaking', () => {
    const { summary, problems } = fixtureChanges('callback-payload');
    assert.deepEqual(summary, ['changed! LinkEvents.onFailure', 'changed! openLink']);
    assert.deepEqual(problems, []);
  });
  test('an entry the versions contradict is reported', () => {
    const { changes } = fixtureChanges('branded-id');
    const earlier = { version: '1.0.0', folder: path.join(fixtures, 'branded-id', 'earlier') };
    const later = { version: '1.1.0', folder: path.join(fixtures, 'branded-id', 'later') };
    // Filed as compatible, and a member of both versions filed as removed.
    const wrong: DeclarationChange[] = [{ ...changes[0], breaking: false }, { kind: 'removed', symbol: 'Roster.admit', breaking: true }];
    const problems = rederive('@fixture/branded-id', earlier, later, wrong);
    assert.ok(problems.some((problem) => /listed as compatible, but its probe fails/.test(problem)), problems.join('\n'));
    assert.ok(problems.some((problem) => /removed Roster\.admit: still in 1\.1\.0/.test(problem)), problems.join('\n'));
  });
});

describe('every entry of every generated package changelog, re-derived', () => {
  const documented = [...new Set(config.npmReference.flatMap((area) => area.packages))];
  for (const name of documented) {
    test(`${name}`, { timeout: 600_000 }, async () => {
      const history = await realPackageHistory(name);
      // A version between two others is the later side of one pair and the earlier of the next: its names are looked up once.
      const lookups = new Map<string, (symbol: string) => boolean>();
      const exportsOf = (entry: string) => lookups.get(entry) ?? lookups.set(entry, exportsSymbol(entry)).get(entry)!;
      const problems = history.pairs.flatMap((pair) =>
        rederive(name, { version: pair.from, folder: packageFolder(name, pair.from) }, { version: pair.to, folder: packageFolder(name, pair.to) }, pair.changes, exportsOf).map((problem) => `${pair.from} → ${pair.to}: ${problem}`),
      );
      assert.deepEqual(problems, []);
    });
  }
});
