import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { extractBlocks, type ContentBlock } from './content-blocks.ts';
import { repoRoot } from './fixtures.ts';

// A tutorial as its reader builds it: lesson by lesson in sidebar order, each block titled with a
// file of the app (`title="src/App.tsx"`) replacing that file, and after every lesson the app's
// files at their latest version compiled together under the settings of the project template the
// tutorial starts from. A titled block is the whole file, so none may be a `fragment`.

/** One app a tutorial builds: the files under `prefix`, compiled with `options`. */
export interface TutorialProject {
  prefix: string;
  options: ts.CompilerOptions;
  /** Files the template gives the reader and the lessons keep (path under `prefix` -> code). */
  templateFiles?: Record<string, string>;
}

export interface Tutorial {
  folder: string;
  projects: TutorialProject[];
  /** Lessons (file names) after which an app is knowingly incomplete, with the page's own reason. */
  incomplete?: Record<string, string>;
}

/** Vite's react-ts template (tsconfig.app.json), which both web tutorials start from with `npm create vite`. */
export const viteReactTs: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  useDefineForClassFields: true,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  skipLibCheck: true,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: ts.ModuleDetectionKind.Force,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
  // The template's `types: ["vite/client"]`; Vite is not installed here, so viteClientStandIn declares what the apps use of it.
  types: [],
};

/** What `vite/client` declares that the tutorials rely on: CSS imports and import.meta.env. */
export const viteClientStandIn = `declare module '*.css' {}
interface ImportMetaEnv { readonly [key: string]: string | undefined }
interface ImportMeta { readonly env: ImportMetaEnv }
`;

/** A server run by Node's type stripping (`node src/index.ts`): only erasable TypeScript, Node's module rules. */
export const nodeTypeStripping: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  erasableSyntaxOnly: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  types: ['node'],
};

const sidebarPosition = (file: string) => Number(/^sidebar_position:\s*(\d+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? Number.MAX_SAFE_INTEGER);

/** The lessons of a tutorial folder in sidebar order. */
export function lessonsOf(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(folder, name))
    .sort((a, b) => sidebarPosition(a) - sidebarPosition(b) || a.localeCompare(b));
}

const titleOf = (block: Pick<ContentBlock, 'meta'>) => /title="([^"]+)"/.exec(block.meta)?.[1];

/** The block writes a file of one of the tutorial's apps. */
export function projectOf(tutorial: Tutorial, block: ContentBlock): TutorialProject | undefined {
  const title = titleOf(block);
  return title ? tutorial.projects.find((project) => title.startsWith(project.prefix)) : undefined;
}

export interface AssemblyResult {
  /** `content/…md:line: message` for each compiler error, after the lesson it appeared in. */
  problems: string[];
  /** Titled blocks of the apps that are marked `fragment`: a file the reader writes has no escape. */
  fragments: string[];
  /** The blocks assembled (for the standalone check to leave out). */
  assembled: ContentBlock[];
  /** How many compilations ran. */
  compilations: number;
}

/** Builds each app of a tutorial lesson by lesson and compiles it after every lesson that changed it. */
export function assembleTutorial(tutorial: Tutorial, languages = ['ts', 'tsx', 'typescript', 'css']): AssemblyResult {
  const result: AssemblyResult = { problems: [], fragments: [], assembled: [], compilations: 0 };
  const folder = path.join(repoRoot, '.portal', 'tutorial-assembly', path.basename(tutorial.folder));
  fs.rmSync(folder, { recursive: true, force: true });
  for (const project of tutorial.projects) {
    // Inside the repository, so imports resolve from its node_modules.
    const root = path.join(folder, project.prefix);
    const files = new Map<string, { code: string; block?: ContentBlock }>(Object.entries(project.templateFiles ?? {}).map(([file, code]) => [file, { code }]));
    let program: ts.Program | undefined;
    for (const lesson of lessonsOf(path.join(repoRoot, tutorial.folder))) {
      const blocks = extractBlocks(lesson, languages, { includeFragments: true }).filter((block) => projectOf(tutorial, block) === project);
      if (!blocks.length) continue;
      for (const block of blocks) {
        if (/\bfragment\b/.test(block.meta)) result.fragments.push(`${path.relative(repoRoot, block.file)}:${block.line - 1}: ${titleOf(block)}`);
        files.set(titleOf(block)!.slice(project.prefix.length), { code: block.code, block });
        result.assembled.push(block);
      }
      if (tutorial.incomplete?.[path.basename(lesson)]) continue;
      fs.rmSync(root, { recursive: true, force: true });
      for (const [file, { code }] of files) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), code);
      }
      if (project.options.jsx !== undefined) fs.writeFileSync(path.join(root, 'vite-client.d.ts'), viteClientStandIn);
      const sources = [...files.keys()].filter((file) => /\.tsx?$/.test(file)).map((file) => path.join(root, file));
      if (project.options.jsx !== undefined) sources.push(path.join(root, 'vite-client.d.ts'));
      program = ts.createProgram({ rootNames: sources, options: project.options, oldProgram: program });
      result.compilations++;
      for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
        const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
        const file = diagnostic.file && path.relative(root, path.resolve(diagnostic.file.fileName)).split(path.sep).join('/');
        const written = file ? files.get(file) : undefined;
        if (!diagnostic.file || diagnostic.start === undefined || !written) {
          result.problems.push(`after ${path.relative(repoRoot, lesson)}: ${file ?? ''} ${message}`);
          continue;
        }
        const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
        const where = written.block ? `${path.relative(repoRoot, written.block.file)}:${written.block.line + line}` : `${project.prefix}${file} (the template's)`;
        result.problems.push(`${where}: ${message} (the app as it stands after ${path.basename(lesson)})`);
      }
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
  result.problems = [...new Set(result.problems)];
  return result;
}
