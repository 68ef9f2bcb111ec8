import path from 'node:path';
import ts from 'typescript';

/**
 * Declaration files parsed once per process and shared by the programs that read them, as
 * TypeScript's language service shares files between programs (lib.dom.d.ts alone takes about a
 * quarter of a second to parse). One cache per kind of program: its trees must be parsed and
 * bound alike for every program that gets them.
 */
export type ParsedFiles = Map<string, ts.SourceFile>;

/** `file` from `cache`, parsed by `parse` the first time; keyed by file and module format. */
export function parsedOnce(cache: ParsedFiles, file: string, languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions, parse: () => ts.SourceFile | undefined): ts.SourceFile | undefined {
  const key = `${file}\0${typeof languageVersion === 'object' ? String(languageVersion.impliedNodeFormat) : ''}`;
  const known = cache.get(key);
  if (known) return known;
  const source = parse();
  if (source) cache.set(key, source);
  return source;
}

/** A compiler host for `options` whose TypeScript lib files come from `cache` (parsed the first time); other files are read as usual. */
export function hostSharingLibFiles(options: ts.CompilerOptions, cache: ParsedFiles): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  const libFolder = path.dirname(host.getDefaultLibFileName(options));
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
    const parseFile = () => parse(file, languageVersion, onError, shouldCreate);
    return path.dirname(file) === libFolder ? parsedOnce(cache, file, languageVersion, parseFile) : parseFile();
  };
  return host;
}
