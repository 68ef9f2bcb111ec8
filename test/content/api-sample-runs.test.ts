import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import ts from 'typescript';
import { apiSampleCheckFor, exampleDigest, readSampleChecks } from '../../src/markdown/sample-checks.ts';
import { batchFolder, type OperationSamples, portalOperationSamples, uploadsSpec } from '../helpers/api-samples.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { compileKotlin, kotlinClasspath } from '../helpers/kotlin-compiler.ts';
import { judgeRuns, parseReport, pointAt, pointNodeAt, type RunOutcome, runEach, runsOf, type SampleRun } from '../helpers/sample-runs.ts';
import { documentedStatuses, sampleEnvironment, type StandInServer, startStandInServer, uploadFileContent } from '../helpers/stand-in-server.ts';

// Every generated request sample that this machine can run (curl, JavaScript, Node, Python, Go,
// Java, Kotlin and the @pexip/vpaas-api TypeScript tab; Swift and C# have no toolchain here) is
// run against a stand-in of the spec, once per status its operation documents. The stand-in
// enforces the security scheme as written (a bare token is a 401) and the request's shape, and
// answers with the documented status: its example body, or none (a 304). A sample passes when
// every run made an accepted call and handled the answer without crashing.
//
// Each language also runs two canaries that must fail: the sample with a bare token (refused
// 401), and where the language parses the answer, the sample that parses an empty 304 as JSON.
// The samples that passed are recorded in content/sample-checks.json ("run" of each tab's entry,
// by digest); the page labels exactly those as run, so the last test holds the record to this run.

const run = promisify(execFile);
const checks = readSampleChecks(repoRoot);
const environment = { ...process.env, ...sampleEnvironment, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' };

let operations: OperationSamples[];
/** The operations plus the canaries' (copies of a real one), so the server can answer canary calls. */
let targets: OperationSamples[];
let server: StandInServer;
/** The operation the canaries break: one that answers 304 and takes a bearer token. */
let canaryOf: number;
const folders: string[] = [];
/** Tab -> the digests of the portal's samples that passed their runs. */
const passedByTab = new Map<string, string[]>();

before(async () => {
  operations = await portalOperationSamples();
  canaryOf = operations.findIndex((operation) => documentedStatuses(operation).includes(304) && operation.samples.has('typescript'));
  assert.ok(canaryOf >= 0, 'no operation answers 304 and has a @pexip/vpaas-api sample to break');
  targets = [...operations, operations[canaryOf], operations[canaryOf]];
  server = await startStandInServer(targets);
});
after(async () => {
  await server?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The canaries' sample indexes: a bare token, and a JSON parse of an empty answer. */
const bareToken = () => operations.length;
const parsesEmpty = () => operations.length + 1;

/** The sample with its bearer token sent bare (the 401), in any language's spelling. */
const withoutBearer = (code: string) => {
  const broken = code.replace(/"Bearer " ?\+ ?|Bearer /, '');
  assert.notEqual(broken, code, 'the canary sample sends no bearer token');
  return broken;
};

/** A fresh folder for a language's batch (the server forgets the batch before). */
function folderFor(language: string): string {
  server.reset();
  const folder = batchFolder(`run-${language}`);
  folders.push(folder);
  // The files the upload samples read, in the folder they run in, with bytes the server recognises.
  for (const operation of operations) for (const [, name] of (operation.samples.get('python') ?? '').matchAll(/open\("([^"]+)", "rb"\)/g)) fs.writeFileSync(path.join(folder, name), uploadFileContent(name));
  return folder;
}

/** Runs a process; a missing tool is a failure that says how to install it, never a skip. */
async function tool(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; install: string; timeout?: number }) {
  try {
    const result = await run(command, args, { cwd: options.cwd, env: options.env ?? environment, timeout: options.timeout ?? 60_000, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout: result.stdout, stderr: result.stderr };
  } catch (error) {
    const failure = error as { code?: string | number; stdout?: string; stderr?: string; killed?: boolean };
    if (failure.code === 'ENOENT') throw new Error(`${command} is not installed\n  ${options.install}`);
    if (failure.killed) return { code: -1, stdout: failure.stdout ?? '', stderr: `did not finish in time\n${failure.stderr ?? ''}` };
    return { code: Number(failure.code ?? 1), stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

/** A spawned run's outcome: it failed when it exited non-zero or wrote to stderr. */
const processOutcome = (result: { code: number; stderr: string }): RunOutcome =>
  result.code !== 0 || result.stderr.trim() ? `exit ${result.code}: ${result.stderr.trim().split('\n').slice(0, 4).join(' | ') || '(no message)'}` : undefined;

/** The indexes of the samples a language has (the TypeScript tab only exists for five operations). */
const indexesWith = (tab: string) => operations.flatMap((operation, index) => (operation.samples.has(tab) ? [index] : []));

/**
 * Judges a language's runs: every real sample passes, each canary fails, and the digests of the
 * portal's passing samples are kept for the record's test.
 */
function settle(tab: string, runs: SampleRun[], outcomes: Map<string, RunOutcome>, canaries: { index: number; expect: RegExp }[]) {
  const failures = judgeRuns(runs, outcomes, server);
  const real = [...failures].filter(([index]) => index < operations.length);
  assert.deepEqual(real.map(([index, messages]) => `${operations[index].name} (${tab} sample):\n  ${messages.join('\n  ')}`), []);
  for (const canary of canaries) {
    const messages = failures.get(canary.index) ?? [];
    assert.ok(messages.some((message) => canary.expect.test(message)), `the ${tab} canary ${canary.index === bareToken() ? '(a bare token)' : '(a JSON parse of an empty answer)'} must fail with ${canary.expect}; it gave: ${messages.join('; ') || 'no failure'}`);
  }
  const runIndexes = new Set(runs.map((entry) => entry.index));
  passedByTab.set(tab, [...runIndexes].filter((index) => index < operations.length && !failures.has(index) && isPortalSample(index)).map((index) => exampleDigest(operations[index].samples.get(tab)!)).sort());
}

/** The portal's own specs (the uploads spec is a fixture: its samples run, but no page shows them). */
const isPortalSample = (index: number) => !operations[index].name.startsWith(`${uploadsSpec.spec} `);

const refused401 = /refused \(401/;

/** Where a harness in another process chooses the status the server answers a sample with. */
const controlUrl = () => server.originFor(0).replace(/\/__sample\/0$/, '/__control');

describe('API request samples, run against a stand-in of the spec', () => {
  test('curl: bash runs each sample', async () => {
    const folder = folderFor('curl');
    // The samples make a tracking id with uuidgen (util-linux, macOS): a stand-in for it if the machine has none.
    const bin = path.join(folder, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'uuidgen'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} -e "console.log(crypto.randomUUID())"\n`, { mode: 0o755 });
    const indexes = indexesWith('curl');
    for (const index of indexes) fs.writeFileSync(path.join(folder, `s${index}.sh`), pointAt(operations[index].samples.get('curl')!, operations[index], server.originFor(index)));
    fs.writeFileSync(path.join(folder, `s${bareToken()}.sh`), withoutBearer(pointAt(operations[canaryOf].samples.get('curl')!, operations[canaryOf], server.originFor(bareToken()))));
    const runs = runsOf(targets, [...indexes, bareToken()]);
    const env = { ...environment, PATH: `${process.env.PATH}${path.delimiter}${bin}` };
    // curl writes its progress meter to stderr: only its exit status says it failed.
    const outcomes = await runEach(runs, server, 2, async ({ index }) => processOutcome({ ...(await tool('bash', [`s${index}.sh`], { cwd: folder, env, install: 'apt-get install -y curl' })), stderr: '' }));
    settle('curl', runs, outcomes, [{ index: bareToken(), expect: refused401 }]);
  });

  test('JavaScript (fetch) and Node (http): node runs each sample', async () => {
    const folder = folderFor('js');
    for (const [tab, extension, point] of [['javascript', 'mjs', pointAt], ['node', 'cjs', pointNodeAt]] as const) {
      server.reset();
      const indexes = indexesWith(tab);
      const write = (index: number, code: string) => fs.writeFileSync(path.join(folder, `${tab}_${index}.${extension}`), code);
      for (const index of indexes) write(index, point(operations[index].samples.get(tab)!, operations[index], server.originFor(index)));
      write(bareToken(), withoutBearer(point(operations[canaryOf].samples.get(tab)!, operations[canaryOf], server.originFor(bareToken()))));
      const canaries = [{ index: bareToken(), expect: refused401 }];
      if (tab === 'javascript') {
        // What the generator wrote before: response.json() on every answer, the 304's empty one too.
        const reading = /( *)\/\/ [^\n]*without a body\.\n *const text = await response\.text\(\);\n *const data = text \? JSON\.parse\(text\) : null;\n *console\.log\(response\.status, data\);/;
        const sample = operations[canaryOf].samples.get(tab)!;
        assert.match(sample, reading);
        write(parsesEmpty(), pointAt(sample.replace(reading, (_, indent: string) => `${indent}const data = await response.json();\n${indent}console.log(data);`), operations[canaryOf], server.originFor(parsesEmpty())));
        canaries.push({ index: parsesEmpty(), expect: /answered 304: SyntaxError/ });
      }
      const runs = runsOf(targets, [...indexes, ...canaries.map((canary) => canary.index)]);
      if (tab === 'javascript') {
        // The fetch samples are modules that await their answer: one process imports them all in turn.
        fs.writeFileSync(path.join(folder, 'harness.mjs'), fetchHarness);
        const result = await tool(process.execPath, ['harness.mjs', controlUrl(), ...runs.map((entry) => `${entry.index}:${entry.status}`)], { cwd: folder, install: 'Node 20', timeout: 180_000 });
        assert.equal(result.code, 0, result.stderr);
        settle(tab, runs, parseReport(result.stdout), canaries);
      } else {
        const outcomes = await runEach(runs, server, 2, async ({ index }) => processOutcome(await tool(process.execPath, [`${tab}_${index}.${extension}`], { cwd: folder, install: 'Node 20' })));
        settle(tab, runs, outcomes, canaries);
      }
    }
  });

  test('Python: one interpreter runs every sample (an HTTPError from raise_for_status is how a sample reports an error status)', async () => {
    const folder = folderFor('python');
    const indexes = indexesWith('python');
    for (const index of indexes) fs.writeFileSync(path.join(folder, `sample_${index}.py`), pointAt(operations[index].samples.get('python')!, operations[index], server.originFor(index)));
    const sample = operations[canaryOf].samples.get('python')!;
    fs.writeFileSync(path.join(folder, `sample_${bareToken()}.py`), withoutBearer(pointAt(sample, operations[canaryOf], server.originFor(bareToken()))));
    // What the generator wrote before: response.json() after raise_for_status(), on the 304's empty body too.
    const reading = /# [^\n]*without a body\.\nprint\(response\.json\(\) if response\.content else response\.status_code\)/;
    assert.match(sample, reading);
    fs.writeFileSync(path.join(folder, `sample_${parsesEmpty()}.py`), pointAt(sample.replace(reading, 'print(response.json())'), operations[canaryOf], server.originFor(parsesEmpty())));
    const runs = runsOf(targets, [...indexes, bareToken(), parsesEmpty()]);
    const control = controlUrl();
    const result = await tool('python3', ['-c', pythonHarness, folder, control, ...runs.map((entry) => `${entry.index}:${entry.status}`)], { cwd: folder, install: 'apt-get install -y python3 python3-requests', timeout: 180_000 });
    assert.equal(result.code, 0, result.stderr);
    settle('python', runs, parseReport(result.stdout), [{ index: bareToken(), expect: refused401 }, { index: parsesEmpty(), expect: /answered 304: JSONDecodeError/ }]);
  });

  test('TypeScript (@pexip/vpaas-api): node runs each sample with the pinned package (its typed errors are how it reports an error status)', async () => {
    server.reset();
    // Inside the repository, so the import resolves from its node_modules.
    const folder = path.join(repoRoot, '.portal', 'api-sample-runs');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    folders.push(folder);
    const indexes = indexesWith('typescript');
    assert.equal(indexes.length, 5, 'the client has five calls: token, create, participants, join, terminate');
    const write = (index: number, code: string) => fs.writeFileSync(path.join(folder, `sample_${index}.mjs`), ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    for (const index of indexes) write(index, pointAt(operations[index].samples.get('typescript')!, operations[index], server.originFor(index)));
    // The sample: the access token without its type, which the client sends as the whole header.
    const sample = operations[canaryOf].samples.get('typescript')!;
    write(bareToken(), pointAt(sample.replace('`Bearer ${process.env.ACCESS_TOKEN}`', 'process.env.ACCESS_TOKEN'), operations[canaryOf], server.originFor(bareToken())));
    fs.writeFileSync(path.join(folder, 'harness.mjs'), typescriptHarness);
    const runs = runsOf(targets, [...indexes, bareToken()]);
    const outcomes = await runEach(runs, server, 2, async ({ index, status }) => processOutcome(await tool(process.execPath, ['harness.mjs', `./sample_${index}.mjs`, String(status)], { cwd: folder, install: 'Node 20' })));
    settle('typescript', runs, outcomes, [{ index: bareToken(), expect: refused401 }]);
  });

  test('Go: one build of every sample (each its own package), then each run', async () => {
    const folder = folderFor('go');
    fs.writeFileSync(path.join(folder, 'go.mod'), `module samples\n\ngo ${apiSampleCheckFor(checks, 'go').pins.go}\n`);
    const indexes = indexesWith('go');
    const asPackage = (index: number, code: string) => {
      fs.mkdirSync(path.join(folder, `s${index}`));
      fs.writeFileSync(path.join(folder, `s${index}`, 'sample.go'), code.replace(/^package main$/m, `package s${index}`).replace(/^func main\(\) \{$/m, 'func Main() {'));
    };
    for (const index of indexes) asPackage(index, pointAt(operations[index].samples.get('go')!, operations[index], server.originFor(index)));
    asPackage(bareToken(), withoutBearer(pointAt(operations[canaryOf].samples.get('go')!, operations[canaryOf], server.originFor(bareToken()))));
    const all = [...indexes, bareToken()];
    fs.mkdirSync(path.join(folder, 'runner'));
    fs.writeFileSync(path.join(folder, 'runner', 'main.go'), [
      'package main', '', 'import (', '\t"os"', ...all.map((index) => `\ts${index} "samples/s${index}"`), ')', '',
      'func main() {', '\tswitch os.Args[1] {', ...all.map((index) => `\tcase "${index}":\n\t\ts${index}.Main()`), '\t}', '}', '',
    ].join('\n'));
    const cache = path.join(os.tmpdir(), 'portal-go-cache');
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOCACHE: path.join(cache, 'build'), GOPATH: path.join(cache, 'path'), GOPROXY: 'off', GOTOOLCHAIN: 'local', GOTELEMETRY: 'off' };
    const built = await tool('go', ['build', '-o', 'runner.bin', './runner'], { cwd: folder, env, install: 'install Go (https://go.dev/dl/) or apt-get install -y golang-go', timeout: 600_000 });
    assert.equal(built.code, 0, built.stderr);
    const runs = runsOf(targets, all);
    const outcomes = await runEach(runs, server, 2, async ({ index }) => processOutcome(await tool(path.join(folder, 'runner.bin'), [String(index)], { cwd: folder, install: 'Go' })));
    settle('go', runs, outcomes, [{ index: bareToken(), expect: refused401 }]);
  });

  test('Java: one javac, then one JVM runs every sample', async () => {
    const folder = folderFor('java');
    const indexes = indexesWith('java');
    const write = (name: string, code: string) => {
      const lines = code.split('\n');
      const imports = lines.filter((line) => line.startsWith('import '));
      const body = lines.filter((line) => !line.startsWith('import '));
      fs.writeFileSync(path.join(folder, `${name}.java`), [...imports, `public class ${name} {`, '  public static void main(String[] args) throws Exception {', ...body, '  }', '}', ''].join('\n'));
    };
    for (const index of indexes) write(`Sample${index}`, pointAt(operations[index].samples.get('java')!, operations[index], server.originFor(index)));
    write(`Sample${bareToken()}`, withoutBearer(pointAt(operations[canaryOf].samples.get('java')!, operations[canaryOf], server.originFor(bareToken()))));
    fs.writeFileSync(path.join(folder, 'Harness.java'), javaHarness);
    const compiled = await tool('javac', ['-d', 'classes', ...fs.readdirSync(folder).filter((file) => file.endsWith('.java'))], { cwd: folder, install: 'apt-get install -y openjdk-17-jdk-headless', timeout: 300_000 });
    assert.equal(compiled.code, 0, compiled.stderr);
    const runs = runsOf(targets, [...indexes, bareToken()]);
    const control = controlUrl();
    const result = await tool('java', ['-cp', 'classes', 'Harness', 'Sample%d', control, ...runs.map((entry) => `${entry.index}:${entry.status}`)], { cwd: folder, install: 'apt-get install -y openjdk-17-jdk-headless', timeout: 300_000 });
    assert.equal(result.code, 0, result.stderr);
    settle('java', runs, parseReport(result.stdout), [{ index: bareToken(), expect: refused401 }]);
  });

  test('Kotlin: one compile with OkHttp, then one JVM runs every sample', async () => {
    const folder = folderFor('kotlin');
    const pins = apiSampleCheckFor(checks, 'kotlin').pins;
    const indexes = indexesWith('kotlin');
    const program = (index: number, code: string) => {
      const lines = code.split('\n');
      return { name: `sample${index}/Main.kt`, code: [`package sample${index}`, '', ...lines.filter((line) => line.startsWith('import ')), 'fun main() {', ...lines.filter((line) => !line.startsWith('import ')), '}', ''].join('\n') };
    };
    const sources = indexes.map((index) => program(index, pointAt(operations[index].samples.get('kotlin')!, operations[index], server.originFor(index))));
    sources.push(program(bareToken(), withoutBearer(pointAt(operations[canaryOf].samples.get('kotlin')!, operations[canaryOf], server.originFor(bareToken())))));
    const okHttp = `com.squareup.okhttp3:okhttp:${pins['com.squareup.okhttp3:okhttp']}`;
    const classes = path.join(folder, 'classes');
    const diagnostics = await compileKotlin({ sources, mavenArtifacts: [okHttp], kotlinVersion: pins.kotlin, classesFolder: classes });
    assert.deepEqual(diagnostics.filter((diagnostic) => diagnostic.severity === 'error'), []);
    // The harness is the Java one: it calls each sample's main by reflection.
    fs.writeFileSync(path.join(folder, 'Harness.java'), javaHarness);
    const compiled = await tool('javac', ['-d', classes, 'Harness.java'], { cwd: folder, install: 'apt-get install -y openjdk-17-jdk-headless' });
    assert.equal(compiled.code, 0, compiled.stderr);
    const classpath = [classes, ...(await kotlinClasspath(pins.kotlin, [okHttp]))].join(path.delimiter);
    const runs = runsOf(targets, [...indexes, bareToken()]);
    const control = controlUrl();
    const result = await tool('java', ['-cp', classpath, 'Harness', 'sample%d.MainKt', control, ...runs.map((entry) => `${entry.index}:${entry.status}`)], { cwd: folder, install: 'apt-get install -y openjdk-17-jdk-headless', timeout: 300_000 });
    assert.equal(result.code, 0, result.stderr);
    settle('kotlin', runs, parseReport(result.stdout), [{ index: bareToken(), expect: refused401 }]);
  });

  test('the record of samples that ran (content/sample-checks.json) is exactly what passed here', () => {
    const problems: string[] = [];
    for (const check of checks.apiSamples ?? []) {
      for (const tab of check.tabs) {
        const passed = passedByTab.get(tab);
        const recorded = [...(check.run?.samples ?? [])].sort();
        if (!passed) {
          if (recorded.length) problems.push(`the "${tab}" tab records ${recorded.length} samples as run, but this file does not run ${tab} samples (or its run failed above)\n  Remove its "run" entry, or make its run pass.`);
          continue;
        }
        if (check.run && check.run.verifier !== 'test/content/api-sample-runs.test.ts') problems.push(`the "${tab}" tab's "run" names ${check.run.verifier} as its verifier, but this file runs it`);
        if (!check.run) problems.push(`the "${tab}" tab's samples ran, but its entry has no "run"\n  Add "run": { "checkedWith": "<what ran>", "samples": ${JSON.stringify(passed)} }`);
        else if (JSON.stringify(recorded) !== JSON.stringify(passed)) problems.push(`the "${tab}" tab's record differs from this run (a sample changed, or one stopped passing)\n  Set its "run"."samples" to ${JSON.stringify(passed)}`);
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});

/** Sets the status for each run, runs the sample, and reports it; only raise_for_status()'s HTTPError on an error status is not a failure. */
const pythonHarness = `
import contextlib, io, runpy, sys, urllib.request
import requests
folder, control = sys.argv[1], sys.argv[2]
for pair in sys.argv[3:]:
    index, status = pair.split(":")
    urllib.request.urlopen(f"{control}/{index}/{status}").read()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path(f"{folder}/sample_{index}.py", run_name="__main__")
        print("ok", index, status)
    except requests.HTTPError as error:
        if int(status) >= 400 and error.response is not None and error.response.status_code == int(status):
            print("ok", index, status)
        else:
            print(f"failed {index} {status}: HTTPError: {error}")
    except BaseException as error:
        print(f"failed {index} {status}: {type(error).__name__}: {error}")
`;

/** Imports each fetch sample in turn; what it writes to console.error (its catch) is a failure. */
const fetchHarness = `
const [control, ...pairs] = process.argv.slice(2);
console.log = () => {};
const report = (line) => process.stdout.write(line + '\\n');
for (const pair of pairs) {
  const [index, status] = pair.split(':');
  await (await fetch(\`\${control}/\${index}/\${status}\`)).arrayBuffer();
  const errors = [];
  console.error = (error) => errors.push(String(error?.stack ?? error).split('\\n')[0]);
  try {
    await import(\`./javascript_\${index}.mjs?status=\${status}\`);
  } catch (error) {
    errors.push(String(error?.stack ?? error).split('\\n')[0]);
  }
  report(errors.length ? \`failed \${index} \${status}: \${errors[0]}\` : \`ok \${index} \${status}\`);
}
`;

/** Runs one TypeScript sample; on an error status, one of the client's own error classes is how it reports it. */
const typescriptHarness = `
import * as client from '@pexip/vpaas-api';
const [file, status] = process.argv.slice(2);
const own = Object.values(client).filter((value) => typeof value === 'function' && value.prototype instanceof Error);
console.log = () => {};
try {
  await import(file);
} catch (error) {
  if (!(Number(status) >= 400 && own.some((type) => error instanceof type))) {
    process.stderr.write(\`\${error?.name}: \${error?.message}\\n\`);
    process.exitCode = 1;
  }
}
`;

/**
 * Calls each sample's main by reflection in one JVM (args: the class name pattern, the control
 * URL, then index:status pairs), with its output discarded; any exception fails the run.
 */
const javaHarness = `
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class Harness {
  public static void main(String[] args) throws Exception {
    PrintStream out = System.out;
    HttpClient control = HttpClient.newHttpClient();
    for (int i = 2; i < args.length; i++) {
      String[] pair = args[i].split(":");
      control.send(HttpRequest.newBuilder(URI.create(args[1] + "/" + pair[0] + "/" + pair[1])).build(), HttpResponse.BodyHandlers.discarding());
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      String verdict;
      try {
        Class.forName(String.format(args[0], Integer.parseInt(pair[0]))).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        verdict = "ok " + pair[0] + " " + pair[1];
      } catch (InvocationTargetException error) {
        verdict = "failed " + pair[0] + " " + pair[1] + ": " + error.getCause();
      } finally {
        System.setOut(out);
      }
      out.println(verdict);
    }
    System.exit(0);
  }
}
`;
