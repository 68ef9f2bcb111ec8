// The check that re-derives every generated package changelog entry from the installed versions
// (test/content/package-changes-probes.test.ts) makes a compiler program per version lookup and
// probe batch, with options of its own, and every one of them reads the same declaration
// files: TypeScript's lib files (lib.dom.d.ts alone is over a megabyte) and the versions' .d.ts.
// Parsed afresh, they were half of each compile. A cache parses each once per kind of program
// and hands the same tree to every program, the way TypeScript's language service shares files
// between programs; sources that are not declarations (the probes) are parsed afresh.
import ts from 'typescript';

/** The declaration files parsed so far, by file name: one cache per set of options that bind them alike. */
export type DeclarationCache = Map<string, ts.SourceFile>;

/** A compiler host for `options` that parses each `.d.ts` once into `cache`, after `transform`. */
export function hostParsingDeclarationsOnce(options: ts.CompilerOptions, cache: DeclarationCache, transform = (text: string) => text): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const read = host.readFile.bind(host);
  host.getSourceFile = (file, language) => {
    const declaration = file.endsWith('.d.ts');
    const known = declaration ? cache.get(file) : undefined;
    if (known) return known;
    const text = read(file);
    if (text === undefined) return undefined;
    const source = ts.createSourceFile(file, declaration ? transform(text) : text, language, true);
    if (declaration) cache.set(file, source);
    return source;
  };
  return host;
}
