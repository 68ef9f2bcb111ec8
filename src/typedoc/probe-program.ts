import ts from 'typescript';
import { declarationCompilerOptions } from './declaration-texts.ts';
import { type ParsedFiles, parsedOnce } from './parsed-once.ts';

/**
 * A compiler program over two versions of one package at once, for the changelogs' type probes
 * (type-probes.ts): `probeSpecifiers.earlier` names the earlier version's declaration entry and
 * `probeSpecifiers.later` the later one's, so one probe file can hold a value of each.
 */
export const probeSpecifiers = { earlier: '__earlier__', later: '__later__' } as const;

export const probeOptions = (earlierEntry: string, laterEntry: string): ts.CompilerOptions => ({
  ...declarationCompilerOptions,
  paths: { [probeSpecifiers.earlier]: [earlierEntry], [probeSpecifiers.later]: [laterEntry] },
});

/**
 * A class with a private member is nominal: the same class declared by two installed versions is
 * two unrelated types, which no reader's code ever meets (it sees one version). The probes compare
 * declarations without private members (never part of the API), so only what callers can touch
 * decides. A private constructor stays: it says the class cannot be constructed.
 */
export const withoutPrivateMembers = (text: string) => text.replace(/^([ \t]*)(?:private\s+(?!constructor\b)[^\n;]*;|#private;)[ \t]*$/gm, '$1');

// Declaration files (privates left out), shared by every probe program of this process.
const parsed: ParsedFiles = new Map();

/** A program over `files` (path → text, the probe files) and what they import, privates left out of declarations. */
export function probeProgram(files: Map<string, string>, options: ts.CompilerOptions): ts.Program {
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  host.fileExists = ((exists) => (file: string) => files.has(file) || exists(file))(host.fileExists.bind(host));
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, languageVersion) => {
    const probe = files.get(file);
    if (probe !== undefined) return ts.createSourceFile(file, probe, languageVersion, true);
    return parsedOnce(parsed, file, languageVersion, () => {
      const text = readFile(file);
      return text === undefined ? undefined : ts.createSourceFile(file, file.endsWith('.d.ts') ? withoutPrivateMembers(text) : text, languageVersion, true);
    });
  };
  return ts.createProgram([...files.keys()], options, host);
}

/** A diagnostic's message, one line per level of its chain, at most `lines`. */
export function diagnosticText(diagnostic: ts.Diagnostic, lines = 3): string {
  return ts
    .flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    .split('\n')
    .slice(0, lines)
    .map((line) => line.trim())
    .join('\n');
}
