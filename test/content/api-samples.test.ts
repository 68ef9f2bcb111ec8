import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import ts from 'typescript';
import { sampleLanguages } from '../../src/openapi/samples.ts';
import { apiSampleCheckFor, readSampleChecks } from '../../src/markdown/sample-checks.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { batchFolder, type OperationSamples, portalOperationSamples } from '../helpers/api-samples.ts';
import { compileKotlin } from '../helpers/kotlin-compiler.ts';
import { sampleEnvironment, startStandInServer, uploadFileContent } from '../helpers/stand-in-server.ts';
import { parseErrors } from '../helpers/tree-sitter.ts';

// Every generated request sample of every operation of the portal's own specs, proven by a real
// tool: Python 3.11 compiles it and runs it against a loopback stand-in for the API, Node checks
// the JavaScript, go vet the Go, javac the Java, the Kotlin compiler the Kotlin (with OkHttp from
// Maven Central), ShellCheck the curl, tree-sitter the Swift and C#. Each language is one batch
// (one tool run), and each batch carries one deliberately broken sample that the tool must
// report, so a check that has stopped checking fails too. Each tab's versions come from its entry
// in content/sample-checks.json, the entry its label on the page is made from.

const run = promisify(execFile);
const checks = readSampleChecks(repoRoot);
/** The pins of a tab's check (content/sample-checks.json "apiSamples"). */
const pinsOf = (tab: string) => apiSampleCheckFor(checks, tab).pins;
/** A pin the check needs; a missing one fails naming the file and the fix. */
const pin = (tab: string, name: string): string => {
  const value = pinsOf(tab)[name];
  assert.ok(value, `content/sample-checks.json: the "${tab}" API-sample check has no "${name}" pin\n  Add "pins": { "${name}": "<version>" } to it.`);
  return value;
};
/** A tool's version must be the one the label names. */
const sameVersion = (tool: string, installed: string, pinned: string) =>
  assert.ok(installed === pinned || installed.startsWith(`${pinned}.`), `${tool} ${installed} runs, but content/sample-checks.json names ${pinned} in the label\n  Install ${tool} ${pinned}, or change the pin and the label together.`);

let operations: OperationSamples[];
const folders: string[] = [];

before(async () => {
  operations = await portalOperationSamples();
});
after(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function folderFor(language: string): string {
  const folder = batchFolder(language);
  folders.push(folder);
  return folder;
}

/** The sample of operation `index` in `language`. */
const sampleOf = (index: number, language: string) => operations[index].samples.get(language)!;

/** A message naming the operation and where in its sample a tool found a problem. */
const where = (index: number, language: string, line?: number) => `${operations[index].name} (${language} sample${line ? `, line ${line}` : ''})`;

/** Runs a tool; a missing tool is a failure that says how to install it, never a skip. */
async function tool(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; install: string; timeout?: number }) {
  try {
    const result = await run(command, args, { cwd: options.cwd, env: options.env, timeout: options.timeout ?? 120_000, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, output: `${result.stdout}\n${result.stderr}` };
  } catch (error) {
    const failure = error as { code?: string | number; stdout?: string; stderr?: string; killed?: boolean };
    if (failure.code === 'ENOENT') throw new Error(`${command} is not installed\n  ${options.install}`);
    if (failure.killed) throw new Error(`${command} did not finish in time`);
    return { code: Number(failure.code ?? 1), output: `${failure.stdout ?? ''}\n${failure.stderr ?? ''}` };
  }
}

/** The pinned Python exactly (3.11): the oldest version the samples promise to run on. */
async function pinnedPython(version: string): Promise<string> {
  for (const candidate of [`python${version}`, 'python3']) {
    const found = await run(candidate, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']).catch(() => undefined);
    if (found?.stdout.trim() === version) return candidate;
  }
  throw new Error(`Python ${version} is not installed\n  apt-get install -y python3 python3-requests (Debian 12 ships 3.11)`);
}

describe('API request samples', () => {
  test('every operation of the portal specs has a sample in every language', () => {
    assert.ok(operations.length >= 20, `expected the portal's operations, found ${operations.length}`);
    const languages = sampleLanguages.map((language) => language.value);
    for (const operation of operations) assert.deepEqual([...operation.samples.keys()].filter((value) => value !== 'typescript'), languages, operation.name);
  });

  test('every tab has the check its label names, run by this file, and no check names a tab that is not generated', () => {
    const tabs = [...sampleLanguages.map((language) => language.value), 'typescript'];
    for (const tab of tabs) assert.equal(apiSampleCheckFor(checks, tab).verifier, 'test/content/api-samples.test.ts', tab);
    assert.deepEqual((checks.apiSamples ?? []).flatMap((check) => check.tabs).filter((tab) => !tabs.includes(tab)), []);
  });

  test('TypeScript with @pexip/vpaas-api: type-checks against the pinned package', () => {
    sameVersion('TypeScript', ts.version, pin('typescript', 'typescript'));
    const client = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', '@pexip', 'vpaas-api', 'package.json'), 'utf8')) as { version: string };
    sameVersion('@pexip/vpaas-api', client.version, pin('typescript', '@pexip/vpaas-api'));
    const samples = operations.flatMap((operation, index) => (operation.samples.has('typescript') ? [{ index, code: operation.samples.get('typescript')! }] : []));
    assert.equal(samples.length, 5, 'the client has five calls: token, create, participants, join, terminate');
    // Inside the repository, so the import resolves from its node_modules.
    const folder = path.join(repoRoot, '.portal', 'api-samples-check');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    const files = new Map<string, number>();
    for (const { index, code } of samples) {
      files.set(path.join(folder, `sample-${index}.ts`), index);
      fs.writeFileSync(path.join(folder, `sample-${index}.ts`), code);
    }
    // Broken on purpose: a misspelt argument the client does not take.
    const canary = path.join(folder, 'canary.ts');
    fs.writeFileSync(canary, samples[0].code.replace(/apiAddress:/, 'apiAdress:'));
    const program = ts.createProgram([...files.keys(), canary], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: ['node'], skipLibCheck: true, isolatedModules: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const problems = diagnostics.filter((diagnostic) => diagnostic.file && files.has(path.resolve(diagnostic.file.fileName))).map((diagnostic) => {
      const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
      return `${where(files.get(path.resolve(diagnostic.file!.fileName))!, 'typescript', line)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    fs.rmSync(folder, { recursive: true, force: true });
    assert.deepEqual(problems, []);
    assert.ok(diagnostics.some((diagnostic) => diagnostic.file && path.resolve(diagnostic.file.fileName) === canary), 'the type checker must refuse the canary');
    assert.equal(diagnostics.filter((diagnostic) => !diagnostic.file).length, 0, ts.formatDiagnostics(diagnostics.filter((diagnostic) => !diagnostic.file), { getCanonicalFileName: (name) => name, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' }));
  });

  test('Python: byte-compiles on the pinned Python and makes the documented request to a stand-in server', async () => {
    const python = await pinnedPython(pin('python', 'python'));
    const folder = folderFor('python');
    const server = await startStandInServer(operations);
    try {
      operations.forEach((operation, index) => {
        const server0 = operation.servers[0]?.replace(/\/$/, '');
        assert.ok(server0 && sampleOf(index, 'python').includes(server0), `${where(index, 'python')} does not call the spec's server ${server0}`);
        fs.writeFileSync(path.join(folder, `sample_${index}.py`), sampleOf(index, 'python').replaceAll(server0, server.originFor(index)));
        // The files a sample uploads, in the folder it runs in, with bytes the server recognises.
        for (const [, name] of sampleOf(index, 'python').matchAll(/open\("([^"]+)", "rb"\)/g)) fs.writeFileSync(path.join(folder, name), uploadFileContent(name));
      });
      assert.ok(fs.readdirSync(folder).some((file) => !file.endsWith('.py')), 'the samples upload files (the uploads spec)');
      // Broken on purpose: 3.12 syntax (the same quotes inside an f-string) and a wrong method.
      fs.writeFileSync(path.join(folder, 'canary_syntax.py'), 'import os\nprint(f"{os.environ["HOME"]}")\n');
      const canary = operations.length;
      fs.writeFileSync(path.join(folder, `sample_${canary}.py`), sampleOf(0, 'python').replaceAll(operations[0].servers[0].replace(/\/$/, ''), server.originFor(0)).replace(/requests\.(get|post|put|patch|delete)\(/, (_, method: string) => `requests.${method === 'get' ? 'post' : 'get'}(`));

      const compiled = await tool(python, ['-c', compileScript, ...fs.readdirSync(folder).filter((file) => file.endsWith('.py')).map((file) => path.join(folder, file))], { install: 'apt-get install -y python3' });
      const compileErrors = compiled.output.split('\n').filter((line) => line.startsWith('error '));
      assert.equal(compileErrors.length, 1, `only the canary may fail to compile:\n${compileErrors.map((line) => line.replace(/sample_(\d+)\.py/, (_, n: string) => where(Number(n), 'python'))).join('\n')}`);
      assert.match(compileErrors[0], /canary_syntax\.py/);

      const ran = await tool(python, ['-c', runScript, folder, String(canary + 1)], { cwd: folder, env: { ...process.env, ...sampleEnvironment, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' }, install: 'pip install requests', timeout: 120_000 });
      const failed = ran.output.split('\n').filter((line) => line.startsWith('failed '));
      const failures = failed.map((line) => {
        const index = Number(/^failed (\d+)/.exec(line)![1]);
        return `${index === canary ? 'canary' : where(index, 'python')}: ${line.replace(/^failed \d+: /, '')}${index < canary ? `\n  ${(server.problems.get(index) ?? []).join('; ')}` : ''}`;
      });
      assert.deepEqual(failures.filter((line) => !line.startsWith('canary')), [], failures.join('\n'));
      assert.equal(failures.length, 1, 'the canary (a wrong method) must fail');
      // Every real sample reached the server and was accepted; only the canary's request was refused.
      operations.forEach((_, index) => assert.ok(server.called.has(index), `${where(index, 'python')} made no request`));
      assert.deepEqual([...server.problems.keys()], [0]);
      assert.match(server.problems.get(0)!.join('\n'), /^method /);
    } finally {
      await server.close();
    }
  });

  test('JavaScript and Node: node --check', async () => {
    sameVersion('Node', process.versions.node, pin('javascript', 'node'));
    sameVersion('Node', process.versions.node, pin('node', 'node'));
    const folder = folderFor('js');
    const files: { file: string; index: number; language: string }[] = [];
    operations.forEach((_, index) => {
      // fetch samples use top-level await (a module); the Node ones use require (CommonJS).
      fs.writeFileSync(path.join(folder, `fetch_${index}.mjs`), sampleOf(index, 'javascript'));
      fs.writeFileSync(path.join(folder, `node_${index}.cjs`), sampleOf(index, 'node'));
      files.push({ file: `fetch_${index}.mjs`, index, language: 'javascript' }, { file: `node_${index}.cjs`, index, language: 'node' });
    });
    // Broken on purpose: top-level await in CommonJS, as httpsnippet's node-fetch target writes it.
    fs.writeFileSync(path.join(folder, 'canary.cjs'), `${sampleOf(0, 'node')}\nawait Promise.resolve();\n`);
    files.push({ file: 'canary.cjs', index: -1, language: 'node' });
    // node --check takes one file; two at a time share the machine's two cores.
    const results: { file: string; index: number; language: string; code: number; output: string }[] = [];
    for (let start = 0; start < files.length; start += 2) {
      results.push(...(await Promise.all(files.slice(start, start + 2).map(async (entry) => ({ ...entry, ...(await tool(process.execPath, ['--check', entry.file], { cwd: folder, install: 'Node 20.19 or later' })) })))));
    }
    const failures = results.filter((result) => result.code !== 0);
    assert.deepEqual(failures.filter((result) => result.index >= 0).map((result) => `${where(result.index, result.language)}: ${result.output.trim().split('\n').slice(0, 5).join('\n')}`), []);
    assert.deepEqual(failures.map((result) => result.file), ['canary.cjs']);
  });

  test('Go: go vet (standard library only, offline)', async () => {
    const folder = folderFor('go');
    fs.writeFileSync(path.join(folder, 'go.mod'), `module samples\n\ngo ${pin('go', 'go')}\n`);
    operations.forEach((_, index) => {
      fs.mkdirSync(path.join(folder, `s${index}`));
      fs.writeFileSync(path.join(folder, `s${index}`, 'main.go'), sampleOf(index, 'go'));
    });
    // Broken on purpose: compiles, but vet knows %d does not print a string.
    fs.mkdirSync(path.join(folder, 'canary'));
    fs.writeFileSync(path.join(folder, 'canary', 'main.go'), 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Printf("%d\\n", "text")\n}\n');
    // Outside the batch folder, so the standard library is compiled for vet once per machine.
    const cache = path.join(os.tmpdir(), 'portal-go-cache');
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOCACHE: path.join(cache, 'build'), GOPATH: path.join(cache, 'path'), GOPROXY: 'off', GOTOOLCHAIN: 'local', GOTELEMETRY: 'off' };
    const result = await tool('go', ['vet', './...'], { cwd: folder, env, install: 'install Go (https://go.dev/dl/) or apt-get install -y golang-go', timeout: 600_000 });
    const lines = result.output.split('\n').filter((line) => /^(vet: )?\.?\/?(s\d+|canary)\/main\.go:\d+/.test(line));
    const problems = lines.filter((line) => !/canary\//.test(line)).map((line) => line.replace(/^(?:vet: )?\.?\/?s(\d+)\/main\.go:(\d+)(:\d+)?:?/, (_, n: string, l: string) => `${where(Number(n), 'go', Number(l))}:`));
    assert.deepEqual(problems, [], result.output);
    assert.ok(lines.some((line) => /canary\/main\.go:6/.test(line)), `go vet must report the canary:\n${result.output}`);
  });

  test('Java: javac (java.net.http, JDK 17)', async () => {
    const folder = folderFor('java');
    const offsets = new Map<string, number>();
    const write = (name: string, code: string) => {
      const imports = code.split('\n').filter((line) => line.startsWith('import '));
      const body = code.split('\n').filter((line) => !line.startsWith('import '));
      // The sample's statements are the body of main; its imports stay at the top.
      const header = [...imports, `public class ${name} {`, '  public static void main(String[] args) throws Exception {'];
      offsets.set(name, 2); // class and main lines
      fs.writeFileSync(path.join(folder, `${name}.java`), [...header, ...body, '  }', '}', ''].join('\n'));
    };
    operations.forEach((_, index) => write(`Sample${index}`, sampleOf(index, 'java')));
    write('Canary', sampleOf(0, 'java').replace('HttpRequest.newBuilder()', 'HttpRequest.newBuildr()'));
    const version = await tool('javac', ['-version'], { install: 'apt-get install -y openjdk-17-jdk-headless' });
    sameVersion('javac', /javac (\S+)/.exec(version.output)?.[1] ?? version.output.trim(), pin('java', 'javac'));
    const result = await tool('javac', ['-d', path.join(folder, 'classes'), ...fs.readdirSync(folder).filter((file) => file.endsWith('.java'))], { cwd: folder, install: 'apt-get install -y openjdk-17-jdk-headless' });
    const errors = [...result.output.matchAll(/^(\w+)\.java:(\d+): error: (.*)$/gm)];
    const problems = errors.filter((match) => match[1] !== 'Canary').map((match) => `${where(Number(match[1].slice(6)), 'java', Number(match[2]) - offsets.get(match[1])!)}: ${match[3]}`);
    assert.deepEqual(problems, [], result.output);
    assert.ok(errors.some((match) => match[1] === 'Canary'), `javac must report the canary:\n${result.output}`);
  });

  test('Kotlin: the Kotlin compiler with OkHttp from Maven Central', async () => {
    const sources = operations.map((_, index) => ({ name: `sample${index}/Main.kt`, code: kotlinProgram(`sample${index}`, sampleOf(index, 'kotlin')) }));
    // Broken on purpose: httpsnippet's OkHttp 3 call, which OkHttp 4 refuses from Kotlin.
    sources.push({ name: 'canary/Main.kt', code: kotlinProgram('canary', `import okhttp3.MediaType\n\nval mediaType = MediaType.parse("application/json")\nprintln(mediaType)`) });
    const okHttp = `com.squareup.okhttp3:okhttp:${pin('kotlin', 'com.squareup.okhttp3:okhttp')}`;
    const diagnostics = await compileKotlin({ sources, mavenArtifacts: [okHttp], kotlinVersion: pin('kotlin', 'kotlin') });
    const problems = diagnostics.filter((diagnostic) => !diagnostic.file.startsWith('canary/')).map((diagnostic) => {
      const index = Number(/^sample(\d+)\//.exec(diagnostic.file)?.[1] ?? -1);
      return `${index >= 0 ? where(index, 'kotlin', diagnostic.line - 3) : diagnostic.file}: ${diagnostic.severity}: ${diagnostic.message}`;
    });
    assert.deepEqual(problems, []);
    assert.ok(diagnostics.some((diagnostic) => diagnostic.file.startsWith('canary/') && diagnostic.severity === 'error'), 'the compiler must refuse the canary');
  });

  test('curl: ShellCheck', async () => {
    const folder = folderFor('curl');
    operations.forEach((_, index) => fs.writeFileSync(path.join(folder, `s${index}.sh`), `${sampleOf(index, 'curl')}\n`));
    // Broken on purpose: a variable in single quotes is sent as the text "$ACCESS_TOKEN".
    fs.writeFileSync(path.join(folder, 'canary.sh'), "curl --header 'Authorization: Bearer $ACCESS_TOKEN' https://example.com\n");
    const version = await tool('shellcheck', ['--version'], { install: 'apt-get install -y shellcheck' });
    sameVersion('ShellCheck', /^version: (\S+)/m.exec(version.output)?.[1] ?? version.output.trim(), pin('curl', 'shellcheck'));
    const result = await tool('shellcheck', ['--shell=bash', '--format=gcc', ...fs.readdirSync(folder).filter((file) => file.endsWith('.sh'))], { cwd: folder, install: 'apt-get install -y shellcheck' });
    const findings = result.output.split('\n').filter((line) => /^\w+\.sh:\d+:\d+:/.test(line));
    const problems = findings.filter((line) => !line.startsWith('canary.sh')).map((line) => line.replace(/^s(\d+)\.sh:(\d+):\d+:/, (_, n: string, l: string) => `${where(Number(n), 'curl', Number(l))}:`));
    assert.deepEqual(problems, []);
    assert.ok(findings.some((line) => line.startsWith('canary.sh') && /SC2016/.test(line)), `ShellCheck must report the canary:\n${result.output}`);
  });

  for (const [language, grammar, canary] of [
    // Broken on purpose: a call left unclosed.
    ['swift', 'swift', 'let request = URLRequest(url: URL(string: "https://example.com")!\nrequest.httpMethod = "GET"\n'],
    ['csharp', 'c_sharp', 'var client = new HttpClient();\nvar request = new HttpRequestMessage\n{\n    Method = HttpMethod.Get\n    RequestUri = new Uri("https://example.com"),\n};\n'],
  ] as const) {
    test(`${language === 'swift' ? 'Swift' : 'C#'}: parsed by tree-sitter (no toolchain on this machine)`, async () => {
      const problems: string[] = [];
      for (const [index] of operations.entries()) {
        for (const error of await parseErrors(grammar, sampleOf(index, language))) problems.push(`${where(index, language, error.line)}: ${error.message}`);
      }
      assert.deepEqual(problems, []);
      assert.ok((await parseErrors(grammar, canary)).length > 0, 'tree-sitter must report the canary');
    });
  }
});

/** A Kotlin sample as a program: its imports, then its statements as the body of main. */
function kotlinProgram(packageName: string, code: string): string {
  const lines = code.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const body = lines.filter((line) => !line.startsWith('import '));
  // Three lines more than the sample before its statements: package, blank, fun main.
  return [`package ${packageName}`, '', ...imports, 'fun main() {', ...body, '}', ''].join('\n');
}

const compileScript = `
import py_compile, sys
for file in sys.argv[1:]:
    try:
        py_compile.compile(file, doraise=True)
    except py_compile.PyCompileError as error:
        print("error", file, str(error).replace("\\n", " "))
`;

const runScript = `
import contextlib, io, runpy, sys
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path(f"{folder}/sample_{index}.py", run_name="__main__")
        print("ran", index)
    except BaseException as error:
        print(f"failed {index}: {type(error).__name__}: {error}")
`;
