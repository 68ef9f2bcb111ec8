import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import ts from 'typescript';
import { packageExampleLabel, packageExampleReason, readSampleChecks } from '../../src/markdown/sample-checks.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { exampleCode, packageExamples, type PackageExample } from '../helpers/package-examples.ts';

// The @example blocks of the documented npm packages' own doc comments, compiled against their
// package: each is a TypeScript module with `import { … } from '<the package>'` added for the
// package's exports it uses. content/sample-checks.json lists the ones that compile (labelled
// with TypeScript and the package) and, with a reason, the ones that do not (shown as "not
// checked"); this test fails when the list and the compiler disagree, either way.

type Example = PackageExample;

const checks = readSampleChecks(repoRoot);
const registry = checks.packageExamples!;
const scriptLanguages = new Set(['ts', 'typescript', 'tsx', 'js', 'javascript', 'jsx']);
let examples: Example[];

before(async () => {
  examples = await packageExamples();
});

/** The example as a module of its own, importing the package's exports it uses and does not declare. */
function asModule(example: Pick<Example, 'pkg' | 'markdown' | 'specifier'>): string {
  const { code } = exampleCode(example.markdown);
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true);
  const exported = new Set((example.pkg.project.children ?? []).map((child) => child.name));
  const used = new Set<string>();
  const declared = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) used.add(node.text);
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isImportSpecifier(node)) && node.name && ts.isIdentifier(node.name)) declared.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const imports = [...used].filter((name) => exported.has(name) && !declared.has(name)).sort();
  return `${imports.length ? `import { ${imports.join(', ')} } from '${example.specifier}';\n` : ''}${code}\nexport {};\n`;
}

/** Compiles the modules in one program; for each, its first error (undefined when it compiles). */
function compile(modules: string[]): (string | undefined)[] {
  // Inside the repository, so the packages resolve from its node_modules.
  const folder = path.join(repoRoot, '.portal', 'package-examples');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const files = modules.map((code, index) => {
    const file = path.join(folder, `example-${index}.ts`);
    fs.writeFileSync(file, code);
    return file;
  });
  // The options the guides' TypeScript blocks are checked with (code-blocks.test.ts).
  const program = ts.createProgram(files, {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: ['node'], skipLibCheck: true, esModuleInterop: true, isolatedModules: true,
  });
  const errors = files.map((file) => {
    const diagnostic = ts.getPreEmitDiagnostics(program, program.getSourceFile(file))[0];
    if (!diagnostic) return undefined;
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
    return `line ${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
  fs.rmSync(folder, { recursive: true, force: true });
  return errors;
}

describe('the @example blocks of the documented packages', () => {
  test('the registry lists each example as compiled or as a fragment, and the compiler agrees with it', () => {
    assert.ok(examples.length >= 10, `expected the packages' examples, found ${examples.length}`);
    const compilable = examples.filter((example) => scriptLanguages.has(exampleCode(example.markdown).language));
    const errors = compile(compilable.map(asModule));
    const compiles = new Map(compilable.map((example, index) => [example, errors[index] === undefined]));
    const problems: string[] = [];
    const listed = (list: { package: string; example: string }[], example: Example) => list.some((entry) => entry.package === example.pkg.name && entry.example === example.digest);
    for (const example of examples) {
      const name = `${example.pkg.name} ${example.symbol} (example ${example.digest})`;
      const inCompiled = listed(registry.compiled, example);
      const inFragments = listed(registry.fragments, example);
      const error = errors[compilable.indexOf(example)];
      if (compiles.get(example) && !inCompiled) problems.push(`${name} compiles: list it under packageExamples.compiled in content/sample-checks.json so it is labelled as checked`);
      if (!compiles.get(example) && inCompiled) problems.push(`${name} is listed as compiled, but ${error ?? 'it is not TypeScript or JavaScript'}\n  Move it to packageExamples.fragments with the reason.`);
      if (!compiles.get(example) && !inFragments) problems.push(`${name} does not compile (${error ?? 'not TypeScript or JavaScript'}): list it under packageExamples.fragments with the reason`);
    }
    const known = new Set(examples.map((example) => `${example.pkg.name} ${example.digest}`));
    for (const entry of [...registry.compiled, ...registry.fragments]) {
      if (!known.has(`${entry.package} ${entry.example}`)) problems.push(`content/sample-checks.json lists ${entry.package} ${entry.symbol} (example ${entry.example}), which no documented package has (any more): remove it`);
    }
    assert.deepEqual(problems, [], problems.join('\n'));
    console.log(`package @examples: ${registry.compiled.length} compiled against their package, ${registry.fragments.length} not checked`);
  });

  test('each example is labelled by what the compiler said about it', () => {
    for (const example of examples) {
      const label = packageExampleLabel(checks, example.pkg, example.markdown);
      const compiled = registry.compiled.some((entry) => entry.package === example.pkg.name && entry.example === example.digest);
      assert.deepEqual(label, compiled ? { checked: true, checkedWith: `${registry.checkedWith} · ${example.pkg.name} ${example.pkg.version}, with the package's own imports added` } : { checked: false, reason: packageExampleReason }, example.symbol);
    }
  });

  test('the check refuses a planted example that misuses its package, and runs with the TypeScript its label names', () => {
    const signal = examples.find((example) => example.pkg.name === '@pexip/signal');
    assert.ok(signal, 'the examples of @pexip/signal');
    const [good, bad] = compile([asModule({ pkg: signal.pkg, specifier: signal.specifier, markdown: '```ts\nconst count = createSignal<number>();\ncount.emit(1);\n```' }), asModule({ pkg: signal.pkg, specifier: signal.specifier, markdown: "```ts\nconst count = createSignal<number>();\ncount.emit('one');\n```" })]);
    assert.equal(good, undefined);
    assert.match(bad ?? '', /not assignable/);
    assert.ok(ts.version === registry.pins.typescript || ts.version.startsWith(`${registry.pins.typescript}.`), `content/sample-checks.json pins TypeScript ${registry.pins.typescript} for the package examples, but ${ts.version} is installed`);
  });
});
