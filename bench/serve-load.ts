// `portal serve` under load in its own process: the load client runs here, the server in a child
// `portal serve`, as a reader's browser and the server would. The in-process figure of
// site-costs.ts shares one event loop between the two, so each slows the other.
//   node --import tsx bench/serve-load.ts <site folder> [--out dist] [--portal bin/portal.mjs ...] [--rounds 3]
// With several --portal (checkouts to compare), the rounds alternate between them.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runLoad, servedPaths, type LoadFigures } from './site-costs';

const repo = path.resolve(import.meta.dirname, '..');

export interface ServeLoadOptions {
  /** The output folder, relative to the site folder. */
  out?: string;
  /** The CLI to start (another checkout's bin/portal.mjs, to compare). */
  portal?: string;
  headers?: Record<string, string>;
  requests?: number;
  concurrency?: number;
}

/** Starts `portal serve --port 0` for a built site and resolves with its address once it listens. */
async function startServer(site: string, portal: string, out: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [portal, 'serve', '--port', '0', '--out', out], { cwd: site, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const address = /at (http:\/\/\S+)/.exec(log)?.[1];
      if (address) resolve(address);
    });
    child.once('exit', (code) => reject(new Error(`portal serve exited (${code}) before listening:\n${log}`)));
  });
  return { child, base };
}

/** 10,000 GETs over 100 keep-alive connections to `portal serve` running in a child process. */
export async function serveLoad(site: string, options: ServeLoadOptions = {}): Promise<LoadFigures> {
  const { child, base } = await startServer(site, options.portal ?? path.join(repo, 'bin', 'portal.mjs'), options.out ?? 'dist');
  try {
    return await runLoad(base, servedPaths, options.requests, options.concurrency, options.headers);
  } finally {
    child.kill();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const site = args[0];
  if (!site || site.startsWith('--')) {
    process.stderr.write('usage: node --import tsx bench/serve-load.ts <site folder> [--out dist] [--portal bin/portal.mjs ...] [--rounds 3]\n');
    process.exit(2);
  }
  const values = (name: string) => args.flatMap((arg, index) => (arg === name && args[index + 1] ? [args[index + 1]] : []));
  const portals = values('--portal').map((file) => path.resolve(file));
  if (portals.length === 0) portals.push(path.join(repo, 'bin', 'portal.mjs'));
  const rounds = Number(values('--rounds')[0] ?? 3);
  const out = values('--out')[0] ?? 'dist';
  for (let round = 1; round <= rounds; round++) {
    for (const portal of portals) {
      for (const [label, headers] of [['plain', {}], ['br, gzip', { 'Accept-Encoding': 'br, gzip' }]] as const) {
        const figures = await serveLoad(path.resolve(site), { out, portal, headers });
        process.stdout.write(`${JSON.stringify({ round, portal, accept: label, ...figures })}\n`);
      }
    }
  }
}
