import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { diagnosticText, probeOptions, probeProgram, probeSpecifiers } from './probe-program.ts';

/**
 * Whether an export or member present in two versions of a package changed, decided by the
 * TypeScript checker: for each one, small probe functions that use the earlier version's API are
 * compiled against the later version (and, as a control, against the earlier one). The checker
 * compares the expanded types, so a change inside a local or non-exported type shows on the
 * export that exposes it, and a change of spelling alone (quotes, an alias for an inline union)
 * is no change.
 *
 * A value (function, variable, class member) is used: a use written for the earlier version that
 * fails against the later one is breaking; one that compiles while the reverse does not is a
 * compatible change. A type (interface or type alias, and its members) may be built by the
 * caller (an input) or read (an output): the package's own functions say which (`rolesOf`); an
 * input that no longer accepts what it did, or an output that gives what it did not, is
 * breaking, the other direction compatible; a type used both ways breaks when either fails.
 */
export type Outcome = 'same' | 'breaking' | 'compatible';

/** Code that uses one version's API, with what the compiler said against each version. */
export interface Probe {
  /** The probe as a reader runs it: imports named by package and version. */
  text: string;
  /** The compiler's message against the later version; absent when it compiles. */
  laterError?: string;
  /** Against the earlier version (the control); absent when it compiles. */
  earlierError?: string;
}

export interface TypeVerdict {
  outcome: Outcome;
  /**
   * The proof: for a breaking change, a probe that compiles against the earlier version and fails
   * against the later one; for a compatible change, one that compiles against both.
   */
  proof?: Probe;
  /** For a compatible change: the reverse probe (the later API used against the earlier), which fails against the later version's types, showing the types differ. */
  witness?: Probe;
}

export interface PairSide {
  version: string;
  /** The declaration entry (a .d.ts file). */
  entry: string;
}

export interface PairComparison {
  /** `Name.member` of the earlier version that the later one still has (a member of a union all of whose types carry it, say). */
  stillThere: Set<string>;
  /** `Name.member` of the later version that the earlier one already had. */
  alreadyThere: Set<string>;
  /** The verdict for each symbol compared. */
  verdicts: Map<string, TypeVerdict>;
}

/** How the package's own functions use a type: taking it, giving it, both; a type they do not use is taken as an input (its widening compatible). */
type Role = 'input' | 'output' | 'both';
type ProbeKind = 'use' | 'reverse' | 'build' | 'read';
interface ProbeSpec {
  symbol: string;
  kind: ProbeKind;
  /** The probe function's type parameters, parameters and body, `Earlier`/`Later` namespaces in scope. */
  code: string;
}

const quoteKey = (name: string) => JSON.stringify(name);
const member = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${quoteKey(name)}]`);
const callType = 'type Call<F> = F extends (...args: infer P) => infer R ? (...args: P) => R : F;';

/** The declaration of `symbol` (an alias followed). */
const resolve = (checker: ts.TypeChecker, symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

function moduleExports(program: ts.Program, entry: string): Map<string, ts.Symbol> {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  return new Map((moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []).map((symbol) => [symbol.getName(), resolve(checker, symbol)]));
}

/** `<A, any>` for an export's type parameters: a constrained one is `any`, the rest the probe's own. */
function typeArguments(symbol: ts.Symbol): { parameters: string; arguments: string } {
  const declaration = symbol.declarations?.find((node) => ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isTypeAliasDeclaration(node)) as ts.InterfaceDeclaration | ts.ClassDeclaration | ts.TypeAliasDeclaration | undefined;
  const list = declaration?.typeParameters ?? [];
  if (!list.length) return { parameters: '', arguments: '' };
  const own = list.map((parameter, index) => (parameter.constraint ? undefined : `T${index}`));
  const names = own.filter((name): name is string => !!name);
  return { parameters: names.length ? `<${names.join(', ')}>` : '', arguments: `<${own.map((name) => name ?? 'any').join(', ')}>` };
}

/** Which way each exported type of the later version flows: into the package's functions, out of them, or both. */
function rolesOf(checker: ts.TypeChecker, exports: Map<string, ts.Symbol>): Map<string, Role> {
  const roles = new Map<string, Role>();
  const names = new Map([...exports].map(([name, symbol]) => [symbol, name]));
  const note = (type: ts.Type, role: Exclude<Role, 'both'>, depth: number) => {
    if (depth > 3) return;
    for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
      const name = symbol && names.get(symbol);
      if (name) roles.set(name, roles.get(name) && roles.get(name) !== role ? 'both' : role);
    }
    for (const part of type.isUnionOrIntersection() ? type.types : []) note(part, role, depth + 1);
    for (const argument of type.aliasTypeArguments ?? (type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference ? checker.getTypeArguments(type as ts.TypeReference) : [])) note(argument, role, depth + 1);
  };
  const signatures = (type: ts.Type, depth: number) => {
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      for (const parameter of signature.getParameters()) note(checker.getTypeOfSymbol(parameter), 'input', depth);
      note(signature.getReturnType(), 'output', depth);
    }
  };
  for (const symbol of exports.values()) {
    if (!(symbol.flags & ts.SymbolFlags.Value)) continue;
    const type = checker.getTypeOfSymbol(symbol);
    signatures(type, 0);
    if (!type.getCallSignatures().length && !type.getConstructSignatures().length) note(type, 'output', 0);
    if (symbol.flags & ts.SymbolFlags.Class) {
      for (const property of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
        const propertyType = checker.getTypeOfSymbol(property);
        if (propertyType.getCallSignatures().length) signatures(propertyType, 1);
        else note(propertyType, 'output', 1);
      }
    }
  }
  return roles;
}

/** The probes of one symbol present in both versions (none for those compared by their texts: enum members, index signatures, a class's heading). */
function probesOf(symbol: string, earlier: Map<string, ts.Symbol>, later: Map<string, ts.Symbol>, checker: ts.TypeChecker): ProbeSpec[] {
  const [name, ...rest] = symbol.split('.');
  const old = earlier.get(name);
  if (!old || !later.has(name) || symbol.includes('[')) return [];
  const probes: ProbeSpec[] = [];
  const add = (kind: ProbeKind, code: string) => probes.push({ symbol, kind, code });
  if (!rest.length) {
    if (old.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
      add('use', `(later: typeof Later.${name}) {\n  const use: typeof Earlier.${name} = later;\n}`);
      add('reverse', `(earlier: typeof Earlier.${name}) {\n  const back: typeof Later.${name} = earlier;\n}`);
    }
    if (old.flags & ts.SymbolFlags.TypeAlias) {
      const { parameters, arguments: args } = typeArguments(old);
      add('build', `${parameters}(earlier: Earlier.${name}${args}) {\n  const build: Later.${name}${args} = earlier;\n}`);
      add('read', `${parameters}(later: Later.${name}${args}) {\n  const read: Earlier.${name}${args} = later;\n}`);
    }
    return probes;
  }
  const key = rest.join('.');
  if (old.flags & ts.SymbolFlags.Enum) return [];
  const { parameters, arguments: args } = typeArguments(old);
  if (old.flags & ts.SymbolFlags.Class) {
    if (key === 'constructor') {
      const abstract = old.declarations?.some((declaration) => ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Abstract);
      if (abstract) return [];
      add('use', `(...args: ConstructorParameters<typeof Earlier.${name}>) {\n  const made: Earlier.${name}${args.replace(/T\d+/g, 'any')} = new Later.${name}(...args);\n}`);
      add('reverse', `(...args: ConstructorParameters<typeof Later.${name}>) {\n  const made: Later.${name}${args.replace(/T\d+/g, 'any')} = new Earlier.${name}(...args);\n}`);
      return probes;
    }
    const instance = checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(old), key);
    const [earlierSide, laterSide, typeParameters] = instance ? [`Earlier.${name}${args}`, `Later.${name}${args}`, parameters] : [`(typeof Earlier.${name})`, `(typeof Later.${name})`, ''];
    add('use', `${typeParameters}(later: ${laterSide}) {\n  const use: Call<${earlierSide}[${quoteKey(key)}]> = later${member(key)};\n}`);
    add('reverse', `${typeParameters}(earlier: ${earlierSide}) {\n  const back: Call<${laterSide}[${quoteKey(key)}]> = earlier${member(key)};\n}`);
    return probes;
  }
  if (old.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    add('build', `${parameters}(earlier: Pick<Earlier.${name}${args}, ${quoteKey(key)}>) {\n  const build: Pick<Later.${name}${args}, ${quoteKey(key)}> = earlier;\n}`);
    add('read', `${parameters}(later: Later.${name}${args}) {\n  const read: Call<Earlier.${name}${args}[${quoteKey(key)}]> = later${member(key)};\n}`);
  }
  return probes;
}

/** The members (`Name.member`) `exports` has among `symbols`, by the checker: properties of a union all of whose types carry them count. */
function membersPresent(symbols: string[], exports: Map<string, ts.Symbol>, checker: ts.TypeChecker): Set<string> {
  const present = new Set<string>();
  for (const symbol of symbols) {
    const [name, ...rest] = symbol.split('.');
    const exported = exports.get(name);
    if (!exported || !rest.length || symbol.includes('[')) continue;
    if (!(exported.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class))) continue;
    const key = rest.join('.');
    const types = [checker.getDeclaredTypeOfSymbol(exported), ...(exported.flags & ts.SymbolFlags.Class ? [checker.getTypeOfSymbol(exported)] : [])];
    if (types.some((type) => !(type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.ESSymbolLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) && checker.getPropertyOfType(type, key))) present.add(symbol);
  }
  return present;
}

const header = (later: string) => `import * as Earlier from '${probeSpecifiers.earlier}';\nimport * as Later from '${later}';\n${callType}\n`;

/** A probe as a reader runs it: the specifiers named by package and version. */
export function probeText(spec: Pick<ProbeSpec, 'code'>, name: string, earlier: string, later: string): string {
  const uses = (namespace: string) => spec.code.includes(`${namespace}.`);
  return [
    uses('Earlier') ? `import * as Earlier from '${name}@${earlier}';` : '',
    uses('Later') ? `import * as Later from '${name}@${later}';` : '',
    spec.code.includes('Call<') ? callType : '',
    `function probe${spec.code}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Compares two versions of a package: which members the texts call removed or added are still,
 * or already, there by the checker; and a verdict for every symbol of `inBoth` (plus those).
 */
export function comparePair(name: string, earlierSide: PairSide, laterSide: PairSide, earlierSymbols: string[], laterSymbols: string[], inBoth: string[]): PairComparison {
  // The compiler knows files by their real paths (node_modules may be a link).
  [earlierSide, laterSide] = [earlierSide, laterSide].map((side) => ({ ...side, entry: fs.realpathSync(side.entry) }));
  const options = probeOptions(earlierSide.entry, laterSide.entry);
  const folder = path.dirname(laterSide.entry);
  const indexFile = path.join(folder, '__portal_probe_index__.ts');
  const first = probeProgram(new Map([[indexFile, header(probeSpecifiers.later)]]), options);
  const checker = first.getTypeChecker();
  const earlier = moduleExports(first, earlierSide.entry);
  const later = moduleExports(first, laterSide.entry);
  const laterSet = new Set(laterSymbols);
  const earlierSet = new Set(earlierSymbols);
  const stillThere = membersPresent(earlierSymbols.filter((symbol) => !laterSet.has(symbol)), later, checker);
  const alreadyThere = membersPresent(laterSymbols.filter((symbol) => !earlierSet.has(symbol)), earlier, checker);
  const roles = rolesOf(checker, later);
  const compared = [...new Set([...inBoth, ...stillThere, ...alreadyThere])];
  const specs = compared.flatMap((symbol) => probesOf(symbol, earlier, later, checker));

  // One file against the later version and its control against the earlier one, in one program.
  const lines: { spec: ProbeSpec; from: number; to: number }[] = [];
  let body = '';
  let line = header('').split('\n').length - 1;
  specs.forEach((spec, index) => {
    const text = `function probe${index}${spec.code}\n`;
    const count = text.split('\n').length - 1;
    lines.push({ spec, from: line, to: line + count - 1 });
    line += count;
    body += text;
  });
  const againstLater = path.join(folder, '__portal_probe_later__.ts');
  const againstEarlier = path.join(folder, '__portal_probe_earlier__.ts');
  const second = probeProgram(
    new Map([
      [againstLater, header(probeSpecifiers.later) + body],
      [againstEarlier, header(probeSpecifiers.earlier) + body],
    ]),
    options,
  );
  const errorsOf = (file: string) => {
    const source = second.getSourceFile(file)!;
    const errors = new Map<number, string>();
    for (const diagnostic of [...second.getSyntacticDiagnostics(source), ...second.getSemanticDiagnostics(source)]) {
      const at = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      const probe = lines.findIndex((entry) => at >= entry.from && at <= entry.to);
      if (probe >= 0 && !errors.has(probe)) errors.set(probe, readable(diagnosticText(diagnostic, 8)));
    }
    return errors;
  };
  // The compiler names a type of either version by its file: say which version instead.
  const packageRoot = (entry: string) => {
    let folder = path.dirname(entry);
    while (!fs.existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder) folder = path.dirname(folder);
    return folder;
  };
  const roots = [[packageRoot(earlierSide.entry), `${name}@${earlierSide.version}`], [packageRoot(laterSide.entry), `${name}@${laterSide.version}`]] as const;
  const readable = (message: string) =>
    roots.reduce((text, [root, label]) => text.split(root).join(label), message)
      .replace(/(@[\w.-]+\/[\w.-]+@[\d.]+[\w.-]*)\/[^"\s)]*/g, '$1')
      .replace(/[^"\s(]*\/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"\s)]*)?/g, '$1');
  const laterErrors = errorsOf(againstLater);
  const earlierErrors = errorsOf(againstEarlier);

  const probes = new Map<string, Map<ProbeKind, Probe>>();
  lines.forEach(({ spec }, index) => {
    const probe: Probe = { text: probeText(spec, name, earlierSide.version, laterSide.version), ...(laterErrors.has(index) ? { laterError: laterErrors.get(index) } : {}), ...(earlierErrors.has(index) ? { earlierError: earlierErrors.get(index) } : {}) };
    (probes.get(spec.symbol) ?? probes.set(spec.symbol, new Map()).get(spec.symbol)!).set(spec.kind, probe);
  });
  const verdicts = new Map<string, TypeVerdict>();
  for (const [symbol, kinds] of probes) verdicts.set(symbol, verdictOf(kinds, roles.get(symbol.split('.')[0]) ?? 'input'));
  return { stillThere, alreadyThere, verdicts };
}

/** The outcome of one symbol's probes; a probe that fails against the earlier version proves nothing and is left out. */
function verdictOf(kinds: Map<ProbeKind, Probe>, role: Role): TypeVerdict {
  const usable = (kind: ProbeKind) => {
    const probe = kinds.get(kind);
    return probe && !probe.earlierError ? probe : undefined;
  };
  const fails = (probe: Probe | undefined) => !!probe?.laterError;
  // A value is used: `use` decides, `reverse` tells a compatible change from none.
  const [forward, backward] = kinds.has('use') ? [usable('use'), usable('reverse')] : role === 'output' ? [usable('read'), usable('build')] : [usable('build'), usable('read')];
  if (!forward && !backward) return { outcome: 'same' };
  if (fails(forward)) return { outcome: 'breaking', proof: forward };
  // A type used both ways breaks when either way fails.
  if (!kinds.has('use') && role === 'both' && fails(backward)) return { outcome: 'breaking', proof: backward };
  if (fails(backward)) return { outcome: 'compatible', ...(forward ? { proof: forward } : {}), witness: backward };
  return { outcome: 'same' };
}
