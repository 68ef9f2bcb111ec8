import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Resolves Maven coordinates to files with the machine's own Maven, so downloads land in ~/.m2
// and later runs work offline. The POM and classpath list are kept in a cache folder per set of
// coordinates; Maven itself decides what to download.

const run = promisify(execFile);

/** Where generated POMs and unpacked AARs live (outside the repository, beside ~/.m2). */
export const mavenWorkFolder = path.join(os.homedir(), '.cache', 'portal-maven');

/** `group:artifact:version` or `group:artifact:version:type` (type `aar` for Android libraries). */
export interface MavenCoordinate {
  groupId: string;
  artifactId: string;
  version: string;
  type: string;
}

export function parseCoordinate(text: string): MavenCoordinate {
  const parts = text.split(':');
  if (parts.length < 3 || parts.length > 4 || parts.some((part) => part === '')) {
    throw new Error(`"${text}" is not a Maven coordinate\n  write it as group:artifact:version, or group:artifact:version:aar for an Android library`);
  }
  const [groupId, artifactId, version, type = 'jar'] = parts;
  return { groupId, artifactId, version, type };
}

function pomFor(coordinates: MavenCoordinate[]): string {
  const dependencies = coordinates
    .map((c) => `    <dependency><groupId>${c.groupId}</groupId><artifactId>${c.artifactId}</artifactId><version>${c.version}</version><type>${c.type}</type></dependency>`)
    .join('\n');
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>portal.verifier</groupId><artifactId>classpath</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
${dependencies}
  </dependencies>
</project>
`;
}

/** The message Maven gives for the first artifact it could not resolve, without its log noise. */
function mavenFailure(output: string): string {
  const line = output.split('\n').find((text) => /\[ERROR\].*(Could not|Failed to|not found|resolve)/i.test(text));
  return (line ?? output.trim().split('\n').slice(-5).join('\n')).replace(/^\[ERROR\]\s*/, '');
}

/**
 * The files of the given artifacts and everything they depend on (Maven's nearest-wins
 * resolution), downloaded into ~/.m2 on the first run. Offline first, so a warm machine
 * never touches the network; online only when something is missing.
 */
export async function resolveMaven(coordinateTexts: string[]): Promise<string[]> {
  const coordinates = coordinateTexts.map(parseCoordinate);
  const key = crypto.createHash('sha256').update(coordinateTexts.join('\n')).digest('hex').slice(0, 16);
  const folder = path.join(mavenWorkFolder, key);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'pom.xml'), pomFor(coordinates));
  const listFile = path.join(folder, 'classpath.txt');
  const goal = ['-B', '-q', 'dependency:build-classpath', `-Dmdep.outputFile=${listFile}`];
  let failure = '';
  for (const mode of [['-o'], []]) {
    try {
      await run('mvn', [...mode, ...goal], { cwd: folder, maxBuffer: 32 * 1024 * 1024 });
      return fs.readFileSync(listFile, 'utf8').split(path.delimiter).map((file) => file.trim()).filter(Boolean);
    } catch (error) {
      const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: string | number };
      if (code === 'ENOENT') throw new Error('mvn is not on the PATH\n  install Maven (Debian: apt-get install -y maven) and a JDK 17');
      failure = mavenFailure(`${stdout}\n${stderr}`);
    }
  }
  throw new Error(`Maven could not resolve ${coordinateTexts.join(', ')}: ${failure}\n  check the coordinates and versions on Maven Central; ~/.m2 keeps what was downloaded`);
}

/**
 * A classpath entry for each resolved file: jars as they are, and for an Android library
 * (`.aar`) the `classes.jar` inside it, unpacked once next to the other cached files.
 */
export async function classpathEntries(files: string[]): Promise<string[]> {
  const entries: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.aar')) {
      entries.push(file);
      continue;
    }
    const target = path.join(mavenWorkFolder, 'aar', path.basename(file, '.aar'));
    const classes = path.join(target, 'classes.jar');
    if (!fs.existsSync(classes)) {
      fs.mkdirSync(target, { recursive: true });
      // The JDK's own jar tool, so nothing beyond the JDK is needed to read an archive.
      await run('jar', ['xf', file, 'classes.jar'], { cwd: target });
    }
    if (fs.existsSync(classes)) entries.push(classes);
  }
  return entries;
}
