import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { sha256Hex } from '../util/sha256.ts';

/** Where a config's TypeScript could not be compiled, as esbuild reports it. */
export class ConfigSyntaxError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * Imports a TypeScript config file. The CLI runs compiled, with no TypeScript loader, so the
 * file and its relative imports are bundled by esbuild (packages stay imports) into
 * `.portal/config/<hash>.mjs` beside it; a changed config gets a new name, so watch mode never
 * sees a cached module.
 */
export async function importConfig(file: string): Promise<unknown> {
  let result: esbuild.BuildResult<{ write: false }>;
  try {
    result = await esbuild.build({ entryPoints: [file], bundle: true, packages: 'external', format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    throw new ConfigSyntaxError(first.text, first.location?.line, first.location ? first.location.column + 1 : undefined);
  }
  const code = result.outputFiles[0].text;
  const compiled = path.join(path.dirname(file), '.portal', 'config', `${sha256Hex(code).slice(0, 16)}.mjs`);
  if (!fs.existsSync(compiled)) {
    fs.mkdirSync(path.dirname(compiled), { recursive: true });
    writeFileAtomically(compiled, code);
  }
  return ((await import(pathToFileURL(compiled).href)) as { default?: unknown }).default;
}
