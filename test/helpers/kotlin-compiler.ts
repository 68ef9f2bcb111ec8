import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { classpathEntries, resolveMaven } from './maven.ts';

// Compiles Kotlin sources with the real Kotlin compiler (kotlin-compiler-embeddable from Maven
// Central, run on the machine's JDK) in one process, and returns its diagnostics per source.
// Content verifiers use it for the Android pages; the API samples use it for generated code.

const run = promisify(execFile);

/** The compiler the SDK pages are checked with unless a caller pins another. */
export const defaultKotlinVersion = '2.2.21';

export interface KotlinSource {
  /** A relative file name (`block-3.kt`, `pkg/Sample.kt`); diagnostics name it. */
  name: string;
  code: string;
}

export interface KotlinDiagnostic {
  /** The source's `name`, or '' for a message about the whole compilation (e.g. the classpath). */
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface CompileKotlinOptions {
  sources: KotlinSource[];
  /** `group:artifact:version[:aar]`, resolved with their dependencies from Maven Central. */
  mavenArtifacts: string[];
  /** Jars or class folders added as they are (e.g. compiled stubs). */
  extraClasspath?: string[];
  kotlinVersion?: string;
  /** Extra compiler arguments (`-Xcontext-parameters`, ...). */
  compilerArguments?: string[];
  /** Where to write the class files, kept after the run (by default they go to a temporary folder). */
  classesFolder?: string;
}

const header = /^(.*?):(\d+):(\d+): (error|warning): (.*)$/;
const global = /^(error|warning): (.*)$/;
const caret = /^\s*\^+\s*$/;

/**
 * Reads kotlinc's plain-text report: `file:line:col: error: message`, possibly continued on more
 * lines, then the source line and a caret line, which are not part of the message.
 */
export function parseKotlinOutput(output: string, nameOf: (reportedPath: string) => string): KotlinDiagnostic[] {
  const diagnostics: KotlinDiagnostic[] = [];
  let pending: { diagnostic: KotlinDiagnostic; lines: string[] } | undefined;
  const close = () => {
    if (!pending) return;
    // With a caret line, the line just before it is the quoted source, not the message.
    const lines = pending.lines;
    const caretAt = lines.findIndex((line) => caret.test(line));
    const extra = caretAt > 0 ? lines.slice(0, caretAt - 1) : caretAt === 0 ? [] : lines;
    pending.diagnostic.message = [pending.diagnostic.message, ...extra.filter((line) => line.trim() !== '')].join('\n');
    diagnostics.push(pending.diagnostic);
    pending = undefined;
  };
  for (const line of output.split('\n')) {
    const located = header.exec(line);
    const unlocated = located ? null : global.exec(line);
    if (located) {
      close();
      const [, file, lineNumber, column, severity, message] = located;
      pending = { diagnostic: { file: nameOf(file), line: Number(lineNumber), column: Number(column), severity: severity as 'error' | 'warning', message }, lines: [] };
    } else if (unlocated) {
      close();
      pending = { diagnostic: { file: '', line: 0, column: 0, severity: unlocated[1] as 'error' | 'warning', message: unlocated[2] }, lines: [] };
    } else if (pending) pending.lines.push(line);
  }
  close();
  return diagnostics;
}

/** The Kotlin stdlib of `version` and the artifacts with their dependencies, as classpath entries. */
export async function kotlinClasspath(version: string, mavenArtifacts: string[]): Promise<string[]> {
  // The pinned stdlib first, so Maven's nearest-wins keeps it over older transitive ones.
  return classpathEntries(await resolveMaven([`org.jetbrains.kotlin:kotlin-stdlib:${version}`, ...mavenArtifacts]));
}

/**
 * Compiles every source together in one compiler run (put each in its own package if their
 * names may clash) and returns the errors and warnings, mapped to the sources' names.
 * Deprecations at ERROR level are errors here exactly as they are in a reader's Gradle build.
 */
export async function compileKotlin(options: CompileKotlinOptions): Promise<KotlinDiagnostic[]> {
  const version = options.kotlinVersion ?? defaultKotlinVersion;
  const [compilerFiles, libraries] = await Promise.all([
    resolveMaven([`org.jetbrains.kotlin:kotlin-compiler-embeddable:${version}`]),
    kotlinClasspath(version, options.mavenArtifacts),
  ]);
  const classpath = [...libraries, ...(options.extraClasspath ?? [])];

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kotlin-'));
  try {
    const sourceFolder = path.join(folder, 'src');
    const byPath = new Map<string, string>();
    for (const source of options.sources) {
      const file = path.join(sourceFolder, source.name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, source.code);
      byPath.set(path.resolve(file), source.name);
    }
    const args = [
      // JVM options first (a modest heap: the machine is shared), then the compiler's own. A
      // compile is a short JVM: the quick JIT tier alone costs a quarter less CPU than climbing to
      // the optimising one (kotlin-blocks.test.ts: 34 → 26 s of CPU); the classes are the same.
      '-Xmx1g',
      '-XX:TieredStopAtLevel=1',
      '-cp', compilerFiles.join(path.delimiter),
      'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
      // The stdlib comes from Maven with the pinned version, not from a Kotlin home.
      '-no-stdlib', '-no-reflect',
      '-jvm-target', '17',
      '-classpath', classpath.join(path.delimiter),
      '-d', options.classesFolder ?? path.join(folder, 'classes'),
      ...(options.compilerArguments ?? []),
      ...byPath.keys(),
    ];
    let output: string;
    try {
      const result = await run('java', args, { maxBuffer: 64 * 1024 * 1024 });
      output = `${result.stdout}\n${result.stderr}`;
    } catch (error) {
      const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: string | number };
      if (code === 'ENOENT') throw new Error('java is not on the PATH\n  install a JDK 17 (Debian: apt-get install -y openjdk-17-jdk-headless)');
      output = `${stdout}\n${stderr}`;
      // A crash or a usage error has no diagnostics to read: report it whole.
      if (!/^(.*?:\d+:\d+: )?(error|warning): /m.test(output)) throw new Error(`the Kotlin compiler failed without a diagnostic:\n${output.trim()}`);
    }
    return parseKotlinOutput(output, (reported) => byPath.get(path.resolve(reported)) ?? reported);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
