#!/usr/bin/env node
// Starts the compiled CLI (lib/, built by `npm install` through scripts/build-cli.mjs). When a
// source file it was compiled from has changed since, it is compiled again first (about half a
// second), so an edited checkout never runs stale code.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

// React's development build checks every element it renders at build time: several times slower
// and nothing a reader sees. Tests that import the sources directly keep the checks.
process.env.NODE_ENV ??= 'production';

const root = new URL('../', import.meta.url);

function currentBuild() {
  try {
    const { dir, inputs } = JSON.parse(fs.readFileSync(new URL('lib/current.json', root), 'utf8'));
    for (const [file, mtime] of Object.entries(inputs)) if (fs.statSync(new URL(file, root)).mtimeMs !== mtime) return undefined;
    const entry = new URL(`lib/${dir}/portal.js`, root);
    return fs.existsSync(entry) ? entry.href : undefined;
  } catch {
    return undefined; // not built yet, or a source was removed
  }
}

const entry = currentBuild() ?? (await import('../scripts/build-cli.mjs').then(({ buildCli }) => buildCli()).then((file) => pathToFileURL(file).href));
await import(entry);
