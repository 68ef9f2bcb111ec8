import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compileKotlin, defaultKotlinVersion, kotlinClasspath, type KotlinSource } from './kotlin-compiler.ts';
import { repoRoot } from './fixtures.ts';

// Compiles Kotlin sources and writes their public JVM API in the `.api` format of the Kotlin
// binary-compatibility validator, by running the validator itself (from Maven Central) on the
// class files: the same text the SDK's own `apiDump` task writes for its real classes.

const run = promisify(execFile);

/** The validator release the Pexip Android SDK dumps its API with, and what it needs at run time. */
const validatorArtifacts = (kotlinVersion: string) => [
  'org.jetbrains.kotlinx:binary-compatibility-validator:0.17.0',
  `org.jetbrains.kotlin:kotlin-metadata-jvm:${kotlinVersion}`,
  'org.ow2.asm:asm-tree:9.8',
];

const dumperSource = path.join(repoRoot, 'test', 'verifiers', 'kotlin', 'api-dump', 'ApiDump.kt');

export interface KotlinApiDumpOptions {
  sources: KotlinSource[];
  /** The sources' own dependencies (`group:artifact:version`). */
  mavenArtifacts: string[];
  kotlinVersion?: string;
  /** Only classes under this package are dumped (`com.pexip.sdk`). */
  packageName: string;
}

/** The `.api` text of the sources' public classes under `packageName`; throws if they do not compile. */
export async function kotlinApiDump(options: KotlinApiDumpOptions): Promise<string> {
  const version = options.kotlinVersion ?? defaultKotlinVersion;
  const artifacts = [...options.mavenArtifacts, ...validatorArtifacts(version)];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kotlin-api-'));
  try {
    const classes = path.join(folder, 'classes');
    const diagnostics = await compileKotlin({
      kotlinVersion: version,
      mavenArtifacts: artifacts,
      classesFolder: classes,
      sources: [...options.sources, { name: 'portal-api-dump/ApiDump.kt', code: fs.readFileSync(dumperSource, 'utf8') }],
    });
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length > 0) {
      throw new Error(`the sources do not compile, so their API cannot be dumped:\n${errors.map((error) => `${error.file}:${error.line}:${error.column} ${error.message}`).join('\n')}`);
    }
    const classpath = [classes, ...(await kotlinClasspath(version, artifacts))];
    const packageFolder = `${options.packageName.replaceAll('.', '/')}/`;
    const { stdout } = await run('java', ['-Xmx512m', '-cp', classpath.join(path.delimiter), 'portal.verifier.apidump.ApiDumpKt', classes, packageFolder], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
