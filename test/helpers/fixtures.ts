import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildSummary } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { oncePerRun } from './run-builds.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixturesRoot = path.join(repoRoot, 'test', 'fixtures');

/** Copies a fixture site into a fresh temporary folder, so tests never write into the repository. */
export function copyFixture(name: string): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  copyFixtureTo(name, target);
  return target;
}

function copyFixtureTo(name: string, target: string): void {
  fs.cpSync(path.join(fixturesRoot, name), target, { recursive: true, filter: (source) => !/[/\\](dist|\.portal)([/\\]|$)/.test(source) });
}

/** Builds a site folder into its dist/ and returns the summary. */
export async function buildSite(root: string, options: { workers?: number } = {}): Promise<BuildSummary> {
  const loaded = await loadConfig('portal.config.ts', root);
  return build(loaded, { outDir: path.join(root, 'dist'), reportDir: path.join(root, '.portal', 'reports'), ...options });
}

/**
 * A copy of a fixture site built as it is, shared by every suite of the test run that asks for
 * it (run-builds.ts), with the summary of its build. Read it and serve it, never change it: a
 * suite that edits the site or builds it again takes its own `copyFixture`.
 */
export function builtFixture(name: string): Promise<{ root: string; summary: BuildSummary }> {
  return oncePerRun(`fixture-${name}`, async (root) => {
    copyFixtureTo(name, root);
    return { root, summary: await buildSite(root) };
  });
}

/** Adds top-level config lines (such as `precompress: true,`) to a copied fixture site's portal.config.ts. */
export function addConfig(root: string, ...lines: string[]): void {
  const config = path.join(root, 'portal.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  if (!text.includes('  licenseRequest:')) throw new Error(`${config} has no licenseRequest line to add config before`);
  fs.writeFileSync(config, text.replace('  licenseRequest:', `${lines.map((line) => `  ${line}`).join('\n')}\n  licenseRequest:`));
}

export function read(root: string, file: string): string {
  return fs.readFileSync(path.join(root, file), 'utf8');
}

/** Every file under a folder with its contents, for "nothing changed" assertions. */
export function snapshotTree(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(folder)) return files;
  for (const entry of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, entry);
    if (fs.statSync(file).isFile()) files.set(entry, fs.readFileSync(file, 'base64'));
  }
  return files;
}
