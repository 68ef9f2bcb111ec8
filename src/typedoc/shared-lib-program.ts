import path from 'node:path';
import type { Application, DocumentationEntryPoint } from 'typedoc';
import ts from 'typescript';
import { hostSharingLibFiles, type ParsedFiles } from './parsed-once.ts';

// TypeScript's lib files (lib.dom.d.ts alone is most of a program's parse), parsed once per thread
// for every conversion: each package's program has the same options (convert.ts).
const parsedLibFiles: ParsedFiles = new Map();

/**
 * Makes `app` convert its one entry point from a program whose lib files are shared with the
 * thread's other conversions, instead of the program TypeDoc would make (`getEntryPoints`, which
 * takes no compiler host). The entry point is the one TypeDoc names for it: its path from
 * `basePath`, without the extension.
 */
export function convertWithSharedLibFiles(app: Application, entryFile: string): void {
  app.getEntryPoints = (): DocumentationEntryPoint[] | undefined => {
    const options = app.options.getCompilerOptions(app.logger);
    const program = ts.createProgram({ rootNames: app.options.getFileNames(), options, host: hostSharingLibFiles(options, parsedLibFiles) });
    const sourceFile = program.getSourceFile(entryFile);
    if (!sourceFile) return undefined;
    const basePath = app.options.getValue('displayBasePath') || app.options.getValue('basePath');
    const displayName = path.relative(basePath, entryFile).split(path.sep).join('/').replace(/(\/index)?(\.d)?\.([cm][tj]s|[tj]sx?)$/, '');
    return [{ displayName, sourceFile, program }];
  };
}
