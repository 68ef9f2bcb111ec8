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

// The Markdown, tree and config toolchain: small pure-JavaScript packages (over a hundred of
// them), bundled into the CLI so a command does not resolve and load each module at start
// (measured: importing the build command took half the CPU time bundled). Everything else loads
// from node_modules as it is: native and WebAssembly packages, those that find their own files
// (esbuild, pagefind, typedoc, satori, resvg), and React, which the client bundle shares.
const bundled = /^(micromark|mdast-|hast-|hast$|unist-|remark-|rehype-|unified$|vfile|property-information$|character-|decode-named-character-reference$|devlop$|bail$|trough$|zwitch$|ccount$|longest-streak$|markdown-table$|space-separated-tokens$|comma-separated-tokens$|html-void-elements$|web-namespaces$|estree-util-is-identifier-name$|is-plain-obj$|extend$|trim-lines$|escape-string-regexp$|collapse-white-space$|lowlight$|hastscript$|parse5$|entities$|github-slugger$|yaml$|zod$|@sindresorhus\/|html-url-attributes$|stringify-entities$)/;

const bundleToolchain = {
  name: 'bundle-the-toolchain',
  setup(build) {
    // Bare package names only ("#name" is a package's own import map, "node:" a builtin).
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return bundled.test(name) ? undefined : { external: true };
    });
  },
};

/** Builds into a new folder under lib/ and points lib/current.json at it (atomically). */
export async function buildCli() {
  const name = `build-${Date.now().toString(36)}-${process.pid}`;
  const outdir = path.join(lib, name);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { portal: 'bin/portal.ts', 'doc-worker': 'src/build/workers/doc-worker.ts', 'page-worker': 'src/build/workers/page-worker.ts', 'declarations-worker': 'src/typedoc/workers/declarations-worker.ts', 'card-worker': 'src/social-cards/workers/card-worker.ts' },
    outdir,
    bundle: true,
    splitting: true, // each command's modules stay in their own chunks, loaded when it runs
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [bundleToolchain],
    // Bundled CommonJS code may require Node's builtins: give each chunk a real require.
    banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    define: { PORTAL_COMPILED: 'true' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
  });
  // The files it was built from and their times: bin/portal.mjs rebuilds when one differs.
  // package-lock.json stands for the bundled packages: an install that changes them rebuilds too.
  const sources = [...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules')), 'package-lock.json'];
  const inputs = Object.fromEntries(sources.map((file) => [file, fs.statSync(path.join(root, file)).mtimeMs]));
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
