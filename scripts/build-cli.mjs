#!/usr/bin/env node
// Compiles the portal CLI (bin/portal.ts and everything it imports, templates included) to
// JavaScript in lib/, so a command starts without transpiling TypeScript. `npm install` runs
// this (prepare); bin/portal.mjs runs it again when a source it was built from has changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lib = path.join(root, 'lib');
const pointer = path.join(lib, 'current.json');

/** Builds into a new folder under lib/ and points lib/current.json at it (atomically). */
export async function buildCli() {
  const name = `build-${Date.now().toString(36)}-${process.pid}`;
  const outdir = path.join(lib, name);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { portal: 'bin/portal.ts', 'doc-worker': 'src/content/workers/doc-worker.ts' },
    outdir,
    bundle: true,
    splitting: true, // each command's modules stay in their own chunks, loaded when it runs
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external', // dependencies load from node_modules as they are
    jsx: 'automatic',
    define: { PORTAL_COMPILED: 'true' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
  });
  // The files it was built from and their times: bin/portal.mjs rebuilds when one differs.
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules')).map((file) => [file, fs.statSync(path.join(root, file)).mtimeMs]));
  const temporary = `${pointer}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify({ dir: name, inputs }));
  fs.renameSync(temporary, pointer);
  removeOldBuilds(name);
  return path.join(outdir, 'portal.js');
}

// A running `portal serve` may still load chunks of the build it started from, so only builds
// older than an hour go, and never the newest three.
function removeOldBuilds(current) {
  const builds = fs.readdirSync(lib).filter((entry) => entry.startsWith('build-') && entry !== current);
  const hourAgo = Date.now() - 3_600_000;
  const byAge = builds.map((entry) => ({ entry, time: fs.statSync(path.join(lib, entry)).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { entry, time } of byAge.slice(2)) if (time < hourAgo) fs.rmSync(path.join(lib, entry), { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await buildCli();
  process.stderr.write(`portal: CLI compiled to ${path.relative(root, path.dirname(entry))}\n`);
}
