#!/usr/bin/env node
// Type-checks the Node side (tsconfig.json) and the browser runtime (src/client/tsconfig.json), the
// two projects side by side: each is one core's work for tens of seconds. Exits non-zero when
// either finds an error, after both have printed theirs.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['tsconfig.json', 'src/client/tsconfig.json'];

const statuses = await Promise.all(
  projects.map(
    (project) =>
      new Promise((resolve) => {
        // Output is collected and printed whole, so the two projects' errors do not interleave.
        const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          if (output) process.stdout.write(`${project}:\n${output}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(statuses.find((status) => status !== 0) ?? 0);
