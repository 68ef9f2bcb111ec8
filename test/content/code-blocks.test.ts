import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '../helpers/fixtures.ts';
import { extractBlocks, markdownFiles, type ContentBlock } from '../helpers/content-blocks.ts';
import { readSampleChecks } from '../../src/markdown/sample-checks.ts';
import { assembleTutorial, nodeTypeStripping, projectOf, type Tutorial, viteReactTs } from '../helpers/tutorial-assembly.ts';

// Every TypeScript block in the content must compile against the pinned @pexip packages, so a
// reader can paste it. A block marked fragment="reason" is deliberately partial and skipped. The
// files a tutorial has its reader write are compiled together instead, as the app stands after
// each lesson (test/helpers/tutorial-assembly.ts), and may not be fragments.

/** The template's own src/main.tsx, which the VPaaS client keeps (create-a-meeting.md). */
const viteTemplateMain = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const tutorials: Tutorial[] = [
  {
    folder: 'content/docs/infinity/web/tutorials/npm-packages',
    projects: [{ prefix: 'src/', options: viteReactTs }],
    incomplete: { 'app-architecture.md': 'src/main.tsx imports App, which the next page writes; the page says the missing export is expected' },
  },
  {
    folder: 'content/docs/vpaas/tutorial',
    projects: [
      { prefix: 'client/src/', options: viteReactTs, templateFiles: { 'main.tsx': viteTemplateMain } },
      { prefix: 'server/src/', options: nodeTypeStripping },
    ],
  },
];

const assembledBy = (block: ContentBlock) => tutorials.some((tutorial) => block.file.startsWith(path.join(repoRoot, tutorial.folder) + path.sep) && projectOf(tutorial, block));

test('every TypeScript code block in the content type-checks against the pinned packages', () => {
  // All of content/: every Markdown page there is labelled from content/sample-checks.json.
  const blocks = markdownFiles(path.join(repoRoot, 'content')).flatMap((file) => extractBlocks(file, ['ts', 'tsx', 'typescript'])).filter((block) => !assembledBy(block));
  assert.ok(blocks.length > 50, `expected the tutorials' blocks, found ${blocks.length}`);
  // Inside the repository, so imports resolve from its node_modules.
  const folder = path.join(repoRoot, '.portal', 'code-check');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const origin = new Map<string, ContentBlock>();
  blocks.forEach((block, index) => {
    const name = path.join(folder, `block-${index}.${block.language === 'tsx' ? 'tsx' : 'ts'}`);
    const code = /^\s*(import|export)\s/m.test(block.code) ? block.code : `${block.code}\nexport {};\n`;
    fs.writeFileSync(name, code);
    origin.set(name, block);
  });
  const program = ts.createProgram([...origin.keys()], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    esModuleInterop: true,
    isolatedModules: true,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const block = diagnostic.file && origin.get(path.resolve(diagnostic.file.fileName));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!block || !diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(repoRoot, block.file)}:${block.line + line}: ${message}`;
  });
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('each tutorial compiles after every lesson, assembled as its reader builds it, under its template\'s settings', () => {
  for (const tutorial of tutorials) {
    const { problems, fragments, assembled, compilations } = assembleTutorial(tutorial);
    console.log(`${tutorial.folder}: ${assembled.length} file blocks assembled, compiled after ${compilations} lessons`);
    assert.ok(compilations >= 6, `${tutorial.folder}: compiled after ${compilations} lessons`);
    assert.deepEqual(fragments, [], 'a file the reader writes is compiled with the app, so it carries no fragment="..."; remove it');
    assert.deepEqual(problems, [], problems.join('\n'));
  }
});

test('the assembly refuses a lesson that breaks the app or hides a file as a fragment (planted)', () => {
  const folder = path.join(repoRoot, '.portal', 'tutorial-plant');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const fence = (meta: string, code: string) => ['```tsx ' + meta, code, '```'].join('\n');
  fs.writeFileSync(path.join(folder, 'one.md'), ['---', 'sidebar_position: 1', '---', '', fence('title="src/greeting.ts"', "export const greeting = (name: string) => `Hello ${name}`;"), ''].join('\n'));
  // The second lesson renames the export but App still imports the old name, and hides App as a fragment.
  fs.writeFileSync(path.join(folder, 'two.md'), ['---', 'sidebar_position: 2', '---', '', fence('title="src/greeting.ts"', "export const welcome = (name: string) => `Hello ${name}`;"), '', fence('title="src/App.tsx" fragment="imports other files"', "import { greeting } from './greeting';\n\nexport function App() {\n  return <p>{greeting('you')}</p>;\n}"), ''].join('\n'));
  try {
    const { problems, fragments } = assembleTutorial({ folder: path.relative(repoRoot, folder), projects: [{ prefix: 'src/', options: viteReactTs }] });
    assert.deepEqual(fragments, [`${path.relative(repoRoot, folder)}/two.md:9: src/App.tsx`]);
    assert.ok(problems.some((problem) => problem.startsWith(`${path.relative(repoRoot, folder)}/two.md:10:`) && /has no exported member '?greeting'?/.test(problem)), problems.join('\n'));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

// JavaScript blocks are often steps of a tutorial that use names from earlier steps, so they are
// not type-checked; each must still be valid JavaScript a reader can paste.
test('every JavaScript code block in the content is valid syntax', () => {
  const blocks = markdownFiles(path.join(repoRoot, 'content')).flatMap((file) => extractBlocks(file, ['js', 'jsx', 'javascript']));
  assert.ok(blocks.length > 20, `expected the tutorials' blocks, found ${blocks.length}`);
  const problems = blocks.flatMap((block) => {
    const kind = block.language === 'jsx' ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
    const source = ts.createSourceFile(`block.${block.language}`, block.code, ts.ScriptTarget.ES2022, true, kind);
    // The parser's own diagnostics: syntax only, nothing about names or types.
    const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    return diagnostics.map((diagnostic) => {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${path.relative(repoRoot, block.file)}:${block.line + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  });
  assert.deepEqual(problems, [], problems.join('\n'));
});

// The label on TypeScript and JavaScript blocks names versions (content/sample-checks.json); the
// check above runs against whatever is installed, so the two must be the same.
test('the TypeScript and JavaScript checks run with the versions their labels name', () => {
  const { checks } = readSampleChecks(repoRoot);
  const scripts = checks.filter((check) => check.languages.some((language) => ['ts', 'tsx', 'typescript', 'js', 'jsx', 'javascript'].includes(language)));
  assert.ok(scripts.length > 0, 'content/sample-checks.json has no TypeScript entry');
  const mismatches = scripts.flatMap((check) =>
    Object.entries(check.pins).flatMap(([name, pinned]) => {
      const installed = name === 'typescript' ? ts.version : (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      const same = name === 'typescript' ? installed === pinned || installed.startsWith(`${pinned}.`) : installed === pinned;
      return same ? [] : [`content/sample-checks.json: "${check.checkedWith}" pins ${name} ${pinned}, but ${installed} is installed\n  Change the pin (and the label) or install ${name}@${pinned}`];
    }),
  );
  assert.deepEqual(mismatches, [], mismatches.join('\n'));
});
