// npm run bench [-- --peers | --peers-only] [--previous <checkout>] [--sizes 300,1500,5000] [--runs 3] [--seed 1]
// --peers-only keeps the figures of the last run (bench/.corpus/results.json), re-measures our
// 1,500-page cold build for the ratios, and builds the peers: the slow part on its own.
// Builds generated corpora and the real portal as whole processes, then writes bench/results.md.
import fs from 'node:fs';
import path from 'node:path';
import { writeCorpus } from './corpus';
import { docPage, firstLoad } from './first-load';
import { measure, medianOf, requireGnuTime, type Measured } from './measure';
import { benchRealSpec } from './openapi-real-spec';
import { benchStripeSpec } from './openapi-stripe';
import { runPeers } from './peers';
import { renderResults, renderSummary, summaryMarkers, type Results } from './report';
import { largestPage, writeScaleCorpus } from './scale-corpus';
import { serveLoad } from './serve-load';
import { loadTest, searchCosts } from './site-costs';
import { watchLatency } from './watch-latency';

const repo = path.resolve(import.meta.dirname, '..');
const bench = path.join(repo, 'bench');
const corpora = path.join(bench, '.corpus');
const portal = path.join(repo, 'bin', 'portal.mjs');
const resultsFile = path.join(bench, 'results.md');

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sizes = (option('--sizes') ?? '300,1500,5000').split(',').map(Number);
const runs = Number(option('--runs') ?? 3);
const seed = Number(option('--seed') ?? 1);
const peersOnly = args.includes('--peers-only');
// --report-only writes bench/results.md and the summary again from the last run's figures, as
// when the report's wording or targets change: nothing is measured.
const reportOnly = args.includes('--report-only');
const peerNames = option('--peer-names')?.split(',');
// --skip real-spec,stripe,scale leaves out the slowest figures when only the others are wanted.
const skipped = new Set(option('--skip')?.split(',') ?? []);
const withPeers = peersOnly || args.includes('--peers');
// A cold 5,000-page build slower than this is run once, not three times (and the table says so).
const slowS = 45;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
const previous = path.join(corpora, 'results.json');
if ((peersOnly || reportOnly) && !fs.existsSync(previous)) throw new Error(`${reportOnly ? '--report-only' : '--peers-only'} needs the results of an earlier \`npm run bench\` (bench/.corpus/results.json)`);
const results: Results = peersOnly || reportOnly ? (JSON.parse(fs.readFileSync(previous, 'utf8')) as Results) : { date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', seed, sizes: [], firstLoad: [] };
const summaryDoc = path.join(bench, '..', 'docs', 'benchmarks.md');
const save = () => {
  fs.writeFileSync(resultsFile, renderResults(results));
  fs.writeFileSync(path.join(corpora, 'results.json'), JSON.stringify(results, null, 1));
  // docs/benchmarks.md shows the latest summary between its two markers.
  const text = fs.readFileSync(summaryDoc, 'utf8');
  const [start, end] = [text.indexOf(summaryMarkers.start), text.indexOf(summaryMarkers.end)];
  if (start >= 0 && end > start) fs.writeFileSync(summaryDoc, `${text.slice(0, start + summaryMarkers.start.length)}\n${renderSummary(results)}${text.slice(end)}`);
  else log(`docs/benchmarks.md has no ${summaryMarkers.start} … ${summaryMarkers.end} pair; the summary was not written there (bench/results.md has every figure)`);
};
if (reportOnly) {
  save();
  log('results written to bench/results.md from bench/.corpus/results.json');
  process.exit(0);
}

/** One `portal build --json`; a failed build stops the benchmark (its figures would mean nothing). */
async function build(root: string): Promise<{ run: Measured; pages: number }> {
  const run = await measure('node', [portal, 'build', '--config', path.join(root, 'portal.config.ts'), '--json'], { cwd: root });
  let summary: { ok: boolean; pages: Record<string, number>; errors: unknown[]; phases?: { name: string; ms: number }[] } | undefined;
  try {
    summary = JSON.parse(run.stdout);
  } catch {
    // reported below
  }
  if (run.exitCode !== 0 || !summary?.ok) {
    throw new Error(`portal build of ${root} failed (exit ${run.exitCode}):\n${JSON.stringify(summary?.errors ?? [], null, 1).slice(0, 2000)}\n${run.stderr.slice(-2000)}`);
  }
  run.searchPhaseMs = summary.phases?.find((phase) => phase.name === 'search')?.ms;
  return { run, pages: Object.values(summary.pages).reduce((a, b) => a + b, 0) };
}

const clean = (root: string) => {
  for (const entry of ['dist', '.portal-cache', '.portal']) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
};

async function coldAndWarm(root: string, label: string, count: number, singleIfSlow = false) {
  const cold: Measured[] = [];
  const warm: Measured[] = [];
  let pages = 0;
  for (let i = 0; i < count; i++) {
    clean(root);
    const result = await build(root);
    cold.push(result.run);
    pages = result.pages;
    log(`${label}: cold ${result.run.wallS.toFixed(2)} s, ${Math.round(result.run.peakRssMb)} MB`);
    if (i === 0 && singleIfSlow && result.run.wallS > slowS) {
      count = 1;
    }
  }
  // Warm, as CI runs it with the cache folder restored: one page edited since the last build.
  const edited = path.join(root, firstDocFile(root));
  const original = fs.readFileSync(edited, 'utf8');
  try {
    for (let i = 0; i < count; i++) {
      fs.writeFileSync(edited, `${original}\nA sentence added for warm build ${i + 1}.\n`);
      const result = await build(root);
      warm.push(result.run);
      log(`${label}: warm (one page edited) ${result.run.wallS.toFixed(2)} s, ${Math.round(result.run.peakRssMb)} MB`);
    }
  } finally {
    fs.writeFileSync(edited, original);
  }
  return { cold: medianOf(cold), warm: medianOf(warm), pages };
}

async function coldOnly(root: string, count: number) {
  const cold: Measured[] = [];
  for (let i = 0; i < count; i++) {
    clean(root);
    cold.push((await build(root)).run);
    log(`ours for the peers: cold ${cold.at(-1)!.wallS.toFixed(2)} s`);
  }
  return medianOf(cold);
}

/**
 * `portal check-links` after the last build: once without its scan cache (every file read), then
 * the median of 5 runs with it (a run after a build reads only the files that build replaced).
 */
async function checkLinks(root: string): Promise<{ wallS: number; firstS: number; links: string }> {
  const run = async () => {
    const measured = await measure('node', [portal, 'check-links', 'dist'], { cwd: root });
    if (measured.exitCode !== 0) throw new Error(`portal check-links in ${root} failed:\n${measured.stderr.slice(-2000)}`);
    return measured;
  };
  fs.rmSync(path.join(root, '.portal-cache', 'check-links'), { recursive: true, force: true });
  const first = await run();
  const again: Measured[] = [];
  for (let i = 0; i < 5; i++) again.push(await run());
  return { wallS: medianOf(again).wallS, firstS: first.wallS, links: /(\d+ links on \d+ pages checked, \d+ broken)/.exec(first.stderr)?.[1] ?? first.stderr.trim() };
}

/**
 * The repository's own site, built in a wrapper folder so the working tree's dist/ and cache stay
 * as they are; with `copyContent`, on a copy of the content that may be edited.
 */
function realPortalRoot(name = 'real', { copyContent = false } = {}): string {
  const root = path.join(corpora, name);
  fs.mkdirSync(root, { recursive: true });
  if (copyContent) {
    fs.rmSync(path.join(root, 'content'), { recursive: true, force: true });
    fs.cpSync(path.join(repo, 'content'), path.join(root, 'content'), { recursive: true });
  }
  for (const entry of ['content', 'node_modules', 'package.json']) {
    const link = path.join(root, entry);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(repo, entry), link);
  }
  fs.writeFileSync(path.join(root, 'portal.config.ts'), "// The repository's config, with the TypeDoc cache kept in this folder.\nimport config from '../../../portal.config.ts';\n\nexport default { ...config, cacheDir: '.portal-cache' };\n");
  return root;
}

/** The first Markdown doc under content/docs (by path), relative to the site folder. */
function firstDocFile(root: string): string {
  const docs = path.join(root, 'content', 'docs');
  const file = (fs.readdirSync(docs, { recursive: true }) as string[]).filter((name) => name.endsWith('.md')).sort()[0];
  return path.join('content', 'docs', file);
}

/** The first Markdown doc of a generated corpus (by path), with its route. */
function firstDoc(root: string): { file: string; route: string } {
  const docs = path.join(root, 'content', 'docs');
  const file = (fs.readdirSync(docs, { recursive: true }) as string[]).filter((name) => name.endsWith('.md')).sort()[0];
  const route = `/docs/${file.replace(/\.md$/, '').split(path.sep).join('/')}`;
  if (!fs.existsSync(path.join(root, 'dist', '_data', `${route}.json`))) throw new Error(`no built page ${route} for ${file} in ${root}`);
  return { file: path.join('content', 'docs', file), route };
}

requireGnuTime();
fs.mkdirSync(corpora, { recursive: true });

for (const pages of peersOnly ? [] : sizes) {
  const root = path.join(corpora, String(pages));
  const written = writeCorpus(root, { pages, seed });
  log(`${pages} pages: corpus of ${(written.bytes / 1e6).toFixed(1)} MB in ${path.relative(repo, root)}`);
  let measured: Awaited<ReturnType<typeof coldAndWarm>>;
  try {
    measured = await coldAndWarm(root, `${pages} pages`, runs, pages >= 5000);
  } catch (error) {
    // A size that does not build (e.g. out of memory) is a result too: record it and go on.
    const message = (error as Error).message;
    results.failures = [...(results.failures ?? []), { pages, detail: /heap out of memory|FATAL ERROR[^\n]*/.exec(message)?.[0] ?? message.split('\n').slice(0, 3).join(' ') }];
    log(`${pages} pages: build failed: ${message.slice(-400)}`);
    save();
    continue;
  }
  const note = measured.cold.runs < runs ? `1 run each: a cold build takes over ${slowS} s` : undefined;
  results.sizes.push({ pages, builtPages: measured.pages, cold: measured.cold, warm: measured.warm, note });
  if (pages === 1500) {
    results.checkLinks1500 = await checkLinks(root);
    log(`check-links over 1,500 pages: ${results.checkLinks1500.wallS.toFixed(2)} s`);
    const dist = path.join(root, 'dist');
    results.firstLoad.push({ label: 'corpus, 1500 pages', load: firstLoad(dist, docPage(dist, '/docs/infinity/introduction')) });
  }
  save();
}

// One area of 20,000 tiny pages: one cold and one warm build (each takes minutes), with the
// largest page's size: time, memory and page size must stay bounded as an area grows.
if (!peersOnly && !skipped.has('scale')) {
  const root = path.join(corpora, 'scale');
  const pages = writeScaleCorpus(root);
  log(`scale: ${pages} tiny pages in ${path.relative(repo, root)}`);
  try {
    clean(root);
    const cold = await build(root);
    log(`scale: cold ${cold.run.wallS.toFixed(2)} s, ${Math.round(cold.run.peakRssMb)} MB`);
    const edited = path.join(root, firstDocFile(root));
    fs.appendFileSync(edited, '\nA sentence added for the warm build.\n');
    const warm = await build(root);
    log(`scale: warm (one page edited) ${warm.run.wallS.toFixed(2)} s, ${Math.round(warm.run.peakRssMb)} MB`);
    results.scale = { pages, builtPages: cold.pages, cold: medianOf([cold.run]), warm: medianOf([warm.run]), largestPage: largestPage(path.join(root, 'dist')) };
  } catch (error) {
    const message = (error as Error).message;
    results.scale = { pages, failure: /heap out of memory|FATAL ERROR[^\n]*/.exec(message)?.[0] ?? message.split('\n').slice(0, 3).join(' ') };
    log(`scale: build failed: ${message.slice(-400)}`);
  }
  save();
}

if (!peersOnly) {
  const startups: Measured[] = [];
  for (let i = 0; i < 7; i++) startups.push(await measure('node', [portal, '--version'], { cwd: repo }));
  results.startupS = medianOf(startups).wallS;
  log(`portal --version: ${(results.startupS * 1000).toFixed(0)} ms (median of 7)`);
  // A copy of the content: the warm builds edit a page.
  const realRoot = realPortalRoot('real', { copyContent: true });
  const real = await coldAndWarm(realRoot, 'real portal', runs);
  const realLinks = await checkLinks(realRoot);
  results.real = { cold: real.cold, warm: real.warm, pages: real.pages, checkLinksS: realLinks.wallS, checkLinksFirstS: realLinks.firstS };
  const realDist = path.join(realRoot, 'dist');
  results.firstLoad.push({ label: 'real portal', load: firstLoad(realDist, docPage(realDist, '/docs/infinity/introduction')) });
  if (!skipped.has('real-spec')) {
    results.realSpec = await benchRealSpec();
    log(`GitHub REST spec: ${results.realSpec.pages} pages in ${(results.realSpec.wallMs / 1000).toFixed(2)} s, ${Math.round(results.realSpec.peakRssMb)} MB`);
  }
  if (!skipped.has('stripe')) {
    results.stripeSpec = await benchStripeSpec();
    log(`Stripe spec: ${results.stripeSpec.pages} pages in ${(results.stripeSpec.wallMs / 1000).toFixed(2)} s, heap ${Math.round(results.stripeSpec.peakHeapMb)} MB`);
  }
  save();
  results.load = await loadTest(realDist);
  log(`serving: ${results.load.requestsPerS} requests/s, p99 ${results.load.p99Ms.toFixed(1)} ms, ${results.load.errors} errors`);
  results.loadCompressed = await loadTest(realDist, 10_000, 100, { 'Accept-Encoding': 'br, gzip' });
  log(`serving with br, gzip accepted: ${results.loadCompressed.requestsPerS} requests/s, p99 ${results.loadCompressed.p99Ms.toFixed(1)} ms`);
  // The fairer figure: the server in its own process, as a reader's browser meets it.
  results.serveProcess = await serveLoad(realRoot);
  log(`portal serve in its own process: ${results.serveProcess.requestsPerS} requests/s, p99 ${results.serveProcess.p99Ms.toFixed(1)} ms, ${results.serveProcess.errors} errors`);
  results.serveProcessCompressed = await serveLoad(realRoot, { headers: { 'Accept-Encoding': 'br, gzip' } });
  log(`portal serve in its own process, br, gzip accepted: ${results.serveProcessCompressed.requestsPerS} requests/s, p99 ${results.serveProcessCompressed.p99Ms.toFixed(1)} ms`);
  // Edit-to-reload latency on a copy of the real content (the files are edited) and on the 1,500-page corpus.
  const watchRoot = realPortalRoot('watch', { copyContent: true });
  // A short page, the portal's longest page (the most Markdown to parse on each save), and the
  // page that took longest from save to screen when measured (tables, admonitions, a diagram).
  const watched = [
    ['content/docs/vpaas/introduction.md', '/docs/vpaas/introduction', 'real portal, a short page'],
    ['content/docs/infinity/mobile/android/join-a-conference.md', '/docs/infinity/mobile/android/join-a-conference', 'real portal, longest page (Android "Join a conference", 31 KB)'],
    ['content/docs/cloud-one-touch-join/introduction.md', '/docs/cloud-one-touch-join/introduction', 'real portal, slowest page to update (Cloud One-Touch Join introduction, 18 KB)'],
  ];
  // Ten saves each, 0.4 s apart (quick saves while writing) and 1.5 s apart (the search refresh,
  // a second after a save, then runs when the next save comes).
  const spacings = [400, 1500];
  results.watch = [];
  for (const [file, route, label] of watched) {
    for (const spacingMs of spacings) {
      results.watch.push({ label, page: route, figures: await watchLatency(watchRoot, file, route, { spacingMs }) });
      log(`watch mode, ${label}, ${route}, saves ${spacingMs} ms apart: median ${results.watch.at(-1)!.figures.medianMs.toFixed(0)} ms`);
    }
  }
  const corpus1500 = path.join(corpora, '1500');
  if (fs.existsSync(path.join(corpus1500, 'dist'))) {
    const doc = firstDoc(corpus1500);
    for (const spacingMs of spacings) {
      results.watch.push({ label: 'corpus, 1500 pages', page: doc.route, figures: await watchLatency(corpus1500, doc.file, doc.route, { spacingMs }) });
      log(`watch mode, 1,500 pages, saves ${spacingMs} ms apart: median ${results.watch.at(-1)!.figures.medianMs.toFixed(0)} ms`);
    }
  }
  save();
  // Search costs on the real portal and on each corpus size that built.
  const queries = ['access token', 'join a conference', 'configuration'];
  results.search = [{ label: 'real portal', figures: await searchCosts(realDist, queries) }];
  for (const size of results.sizes) results.search.push({ label: `corpus, ${size.pages} pages`, figures: await searchCosts(path.join(corpora, String(size.pages), 'dist'), queries) });
  save();
  log(`results written to ${path.relative(process.cwd(), resultsFile)}`);
}

if (withPeers) {
  const pages = 1500;
  const root = path.join(corpora, String(pages));
  writeCorpus(root, { pages, seed });
  // Ours in the same run as theirs (with --peers-only: measured again now, cold only).
  const ours = peersOnly ? await coldOnly(root, runs) : (results.sizes.find((size) => size.pages === pages)?.cold ?? (await coldOnly(root, runs)));
  results.peers = { pages, ours, results: [] };
  results.peersDate = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  save();
  await runPeers(path.join(bench, '.peers'), root, pages, (result) => {
    log(`${result.name}: ${result.status}${result.run ? `, ${result.run.wallS.toFixed(1)} s, ${Math.round(result.run.peakRssMb)} MB` : ''}${result.detail ? `\n${result.detail}` : ''}`);
    results.peers!.results.push(result);
    save();
  }, peerNames, option('--previous'));
  results.peers.finished = true;
  save();
}

process.stdout.write(fs.readFileSync(resultsFile, 'utf8'));
