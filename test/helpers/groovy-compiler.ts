import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveMaven } from './maven.ts';

// Compiles Groovy sources with the real Groovy compiler (org.apache.groovy:groovy from Maven
// Central, its FileSystemCompiler, which is what `groovyc` runs) in one JVM. Gradle's Groovy DSL is
// dynamic, so a build script compiles as a plain script without Gradle: this proves its syntax.

const run = promisify(execFile);

export interface GroovyDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** Reads groovyc's report: `/path/x.groovy: 3: message @ line 3, column 5.` */
export function parseGroovyOutput(output: string, nameOf: (reportedPath: string) => string): GroovyDiagnostic[] {
  const diagnostics: GroovyDiagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = /^(\/.*?\.groovy): (\d+): (.*?)(?: @ line (\d+), column (\d+)\.)?\s*$/.exec(line);
    if (match) diagnostics.push({ file: nameOf(match[1]), line: Number(match[4] ?? match[2]), column: Number(match[5] ?? 1), message: match[3] });
  }
  return diagnostics;
}

export async function compileGroovy(options: { sources: { name: string; code: string }[]; groovyVersion: string }): Promise<GroovyDiagnostic[]> {
  const compiler = await resolveMaven([`org.apache.groovy:groovy:${options.groovyVersion}`]);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-groovy-'));
  try {
    const byPath = new Map<string, string>();
    for (const source of options.sources) {
      // Script class names come from file names: keep them valid identifiers.
      const file = path.join(folder, 'src', `${source.name.replace(/\W/g, '_')}.groovy`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, source.code);
      byPath.set(file, source.name);
    }
    const args = ['-Xmx512m', '-cp', compiler.join(path.delimiter), 'org.codehaus.groovy.tools.FileSystemCompiler', '-d', path.join(folder, 'classes'), ...byPath.keys()];
    try {
      await run('java', args, { maxBuffer: 16 * 1024 * 1024 });
      return [];
    } catch (error) {
      const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: string | number };
      if (code === 'ENOENT') throw new Error('java is not on the PATH\n  install a JDK 17 (Debian: apt-get install -y openjdk-17-jdk-headless)');
      const output = `${stdout}\n${stderr}`;
      const diagnostics = parseGroovyOutput(output, (reported) => byPath.get(reported) ?? reported);
      if (diagnostics.length === 0) throw new Error(`the Groovy compiler failed without a diagnostic:\n${output.trim()}`);
      return diagnostics;
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
