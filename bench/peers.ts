// The peers: Docusaurus (webpack, and Faster/Rspack), VitePress and Hugo, installed into
// bench/.peers/ from the npm registry and Debian, and an earlier portal (`--previous <checkout>`),
// fed the same corpus, built under a timeout.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FirstLoad } from './first-load';
import { firstLoad } from './first-load';
import { measure, type Measured } from './measure';

export interface PeerResult {
  name: string;
  version: string;
  status: 'ok' | 'install failed' | 'build failed' | 'timeout';
  detail?: string;
  run?: Measured;
  firstLoad?: FirstLoad;
}

const docusaurusVersion = '3.10.2';
const vitepressVersion = '1.6.4';
const timeoutS = 15 * 60;

/** The last lines of a failed command's output: enough to say what failed. */
const tail = (text: string, lines = 12) => text.trim().split('\n').slice(-lines).join('\n');
const readVersion = (dir: string, name: string) => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
};

function npmInstall(dir: string, manifest: object): string | undefined {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe', timeout: timeoutS * 1000 });
    return undefined;
  } catch (error) {
    const failure = error as { stderr?: Buffer; message: string };
    return tail(failure.stderr?.toString() || failure.message);
  }
}

/** Every page of the corpus: path under content/docs and its text. */
function corpusDocs(corpus: string): { file: string; text: string }[] {
  const root = path.join(corpus, 'content', 'docs');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => ({ file: file.split(path.sep).join('/'), text: fs.readFileSync(path.join(root, file), 'utf8') }));
}

function writeTree(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

const sampleRoute = '/docs/infinity/introduction';

// ---- Docusaurus: the docs folder as it is (it reads _category_.json and :::admonitions natively).
async function docusaurus(peers: string, corpus: string, pages: number, faster: boolean): Promise<PeerResult> {
  const dir = path.join(peers, 'docusaurus');
  const name = faster ? 'Docusaurus Faster (Rspack)' : 'Docusaurus (webpack)';
  const failed = npmInstall(dir, {
    private: true,
    dependencies: { '@docusaurus/core': docusaurusVersion, '@docusaurus/preset-classic': docusaurusVersion, '@docusaurus/faster': docusaurusVersion, react: '^19.0.0', 'react-dom': '^19.0.0' },
  });
  const version = `${readVersion(dir, '@docusaurus/core')}${faster ? `, @rspack/core ${readVersion(dir, '@rspack/core')}` : ', webpack ' + readVersion(dir, 'webpack')}`;
  if (failed) return { name, version, status: 'install failed', detail: failed };
  const site = path.join(dir, `site-${pages}${faster ? '-faster' : ''}`);
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(path.join(corpus, 'content', 'docs'), path.join(site, 'docs'), { recursive: true });
  // 3.10 renamed `future.experimental_faster` to `future.faster` (the old key is now rejected),
  // and Faster's worker threads require the v4 flags.
  writeTree(site, {
    'package.json': '{ "private": true }\n',
    'docusaurus.config.js': `module.exports = {
  title: 'Bench', url: 'https://example.test', baseUrl: '/',
  onBrokenLinks: 'warn',
  markdown: { hooks: { onBrokenMarkdownLinks: 'warn' } },
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false, pages: false }]],
  ${faster ? 'future: { v4: true, faster: true },' : ''}
};
`,
  });
  // Cold: no build output, no generated files, no bundler cache.
  for (const cache of [path.join(site, 'node_modules', '.cache'), path.join(dir, 'node_modules', '.cache')]) fs.rmSync(cache, { recursive: true, force: true });
  const run = await measure(path.join(dir, 'node_modules', '.bin', 'docusaurus'), ['build'], { cwd: site, timeoutS });
  return finish(name, version, run, path.join(site, 'build'));
}

// ---- VitePress: its containers are `::: tip Title`, `note` is `info`; code titles are `[file]`.
async function vitepress(peers: string, corpus: string, pages: number): Promise<PeerResult> {
  const dir = path.join(peers, 'vitepress');
  const name = 'VitePress';
  const failed = npmInstall(dir, { private: true, type: 'module', dependencies: { vitepress: vitepressVersion } });
  const version = `${readVersion(dir, 'vitepress')}, vite ${readVersion(dir, 'vite')}`;
  if (failed) return { name, version, status: 'install failed', detail: failed };
  const site = path.join(dir, `site-${pages}`);
  fs.rmSync(site, { recursive: true, force: true });
  const files: Record<string, string> = {};
  const sidebar: Record<string, { text: string; items: unknown[] }[]> = {};
  for (const doc of corpusDocs(corpus)) {
    const title = /^title: (.*)$/m.exec(doc.text)![1]!;
    // VitePress does not print the front-matter title: the page needs its own h1.
    files[`docs/${doc.file}`] = doc.text
      .replace(/^---\n[\s\S]*?\n---\n/, (front) => `${front}\n# ${title}\n`)
      .replace(/^:::(\w+)(?:\[(.*)\])?$/gm, (_, kind: string, label?: string) => `::: ${kind === 'note' ? 'info' : kind}${label ? ` ${label}` : ''}`)
      .replace(/^```(\w+) title="([^"]+)"$/gm, '```$1 [$2]')
      .replace(/^```(\w+) (\{[\d,-]+\})$/gm, '```$1$2');
    const [area, ...rest] = doc.file.replace(/\.md$/, '').split('/');
    const group = (sidebar[`/docs/${area}/`] ??= [{ text: area!, items: [] }]);
    const folder = rest.slice(0, -1).join(' / ') || area!;
    let section = group.find((entry) => entry.text === folder);
    if (!section) group.push((section = { text: folder, items: [] }));
    section.items.push({ text: title, link: `/docs/${doc.file.replace(/\.md$/, '')}` });
  }
  files['.vitepress/config.mjs'] = `export default {
  title: 'Bench',
  themeConfig: { sidebar: ${JSON.stringify(sidebar)} },
};
`;
  writeTree(site, files);
  const run = await measure(path.join(dir, 'node_modules', '.bin', 'vitepress'), ['build', '.'], { cwd: site, timeoutS });
  return finish(name, version, run, path.join(site, '.vitepress', 'dist'));
}

// ---- Hugo: no admonitions (blockquotes instead), links to routes, a one-file layout.
async function hugo(peers: string, corpus: string, pages: number): Promise<PeerResult> {
  const name = 'Hugo (Debian)';
  const present = () => fs.existsSync('/usr/bin/hugo');
  if (!present()) {
    try {
      execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'pipe', timeout: timeoutS * 1000 });
    } catch (error) {
      return { name, version: 'not installed', status: 'install failed', detail: tail((error as { stderr?: Buffer }).stderr?.toString() ?? String(error)) };
    }
  }
  const version = execFileSync('/usr/bin/hugo', ['version']).toString().trim().replace(/^hugo v?([\d.]+\S*).*$/, '$1');
  const site = path.join(peers, 'hugo', `site-${pages}`);
  fs.rmSync(site, { recursive: true, force: true });
  const files: Record<string, string> = {};
  const folders = new Set<string>();
  for (const doc of corpusDocs(corpus)) {
    const dir = path.posix.dirname(doc.file);
    for (let folder = dir; folder !== '.'; folder = path.posix.dirname(folder)) folders.add(folder);
    let admonition = false;
    const lines = doc.text.split('\n').map((line) => {
      const open = /^:::(\w+)(?:\[(.*)\])?$/.exec(line);
      if (open) return ((admonition = true), `> **${open[2] ?? open[1]}**`);
      if (line === ':::') return ((admonition = false), '');
      return admonition ? `> ${line}` : line;
    });
    files[`content/docs/${doc.file}`] = lines
      .join('\n')
      .replace(/^```(\w+) .*$/gm, '```$1')
      // Relative .md links and routes become Hugo's URLs (/docs/a/b/).
      .replace(/\]\(([^)\s]+?)(#[\w-]+)?\)/g, (whole, target: string, anchor = '') => {
        if (target.endsWith('.md')) return `](/docs/${path.posix.join(dir, target).replace(/\.md$/, '')}/${anchor})`;
        if (target.startsWith('/docs/')) return `](${target}/${anchor})`;
        return whole;
      });
  }
  for (const folder of folders) files[`content/docs/${folder}/_index.md`] = `---\ntitle: ${path.posix.basename(folder)}\n---\n`;
  files['hugo.toml'] = `baseURL = 'https://example.test/'\ntitle = 'Bench'\ndisableKinds = ['taxonomy', 'term', 'RSS']\n`;
  const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ site.Title }}</title></head><body><nav><a href="/">{{ site.Title }}</a></nav><main><h1>{{ .Title }}</h1>${body}</main></body></html>\n`;
  files['layouts/_default/single.html'] = page('{{ .Content }}');
  files['layouts/_default/list.html'] = page('{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>');
  writeTree(site, files);
  const run = await measure('/usr/bin/hugo', ['--quiet', '--ignoreCache', '--destination', 'public'], { cwd: site, timeoutS });
  return finish(name, version, run, path.join(site, 'public'));
}

// ---- An earlier portal: a checkout with its dependencies installed, building a copy of the corpus cold.
async function previousPortal(peers: string, corpus: string, pages: number, checkout: string): Promise<PeerResult> {
  const name = 'portal (previous)';
  let version: string;
  try {
    version = execFileSync('git', ['-C', checkout, 'log', '-1', '--format=%h %cs']).toString().trim();
  } catch {
    return { name, version: '?', status: 'install failed', detail: `${checkout} is not a git checkout of portal` };
  }
  if (!fs.existsSync(path.join(checkout, 'node_modules'))) return { name, version, status: 'install failed', detail: `${checkout} has no node_modules: run npm ci there` };
  const site = path.join(peers, 'previous', `site-${pages}`);
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(corpus, site, { recursive: true, filter: (source) => !/[/\\](dist|\.portal-cache|\.portal)$/.test(source) });
  const run = await measure('node', [path.join(checkout, 'bin', 'portal.mjs'), 'build', '--config', path.join(site, 'portal.config.ts'), '--json'], { cwd: site, timeoutS });
  return finish(name, version, run, path.join(site, 'dist'));
}

function finish(name: string, version: string, run: Measured, dist: string): PeerResult {
  if (run.timedOut) return { name, version, status: 'timeout', detail: `killed after ${timeoutS / 60} minutes` };
  if (run.exitCode !== 0) return { name, version, status: 'build failed', detail: `exit code ${run.exitCode}: ${tail(run.stderr || run.stdout)}` };
  let load: FirstLoad | undefined;
  for (const file of [`${sampleRoute.slice(1)}/index.html`, `${sampleRoute.slice(1)}.html`]) {
    if (fs.existsSync(path.join(dist, file))) load = firstLoad(dist, file);
  }
  // The output itself is not kept in the results.
  return { name, version, status: 'ok', run: { ...run, stdout: '', stderr: '' }, firstLoad: load };
}

// Fastest first, so an interrupted run still reports the most peers.
export const peerNames = ['portal (previous)', 'Hugo (Debian)', 'VitePress', 'Docusaurus Faster (Rspack)', 'Docusaurus (webpack)'];

/** Builds each peer in turn; a failure is recorded and the next peer still runs. `previous`: an earlier portal's checkout (left out when absent). */
export async function runPeers(peers: string, corpus: string, pages: number, onResult: (result: PeerResult) => void, only?: string[], previous?: string): Promise<PeerResult[]> {
  const jobs = [
    previous ? () => previousPortal(peers, corpus, pages, path.resolve(previous)) : undefined,
    () => hugo(peers, corpus, pages),
    () => vitepress(peers, corpus, pages),
    () => docusaurus(peers, corpus, pages, true),
    () => docusaurus(peers, corpus, pages, false),
  ];
  const results: PeerResult[] = [];
  for (const [index, job] of jobs.entries()) {
    if (!job) continue;
    // `--peer-names hugo` runs only the peers whose name holds one of the words given.
    if (only && !only.some((word) => peerNames[index]!.toLowerCase().includes(word.toLowerCase()))) continue;
    let result: PeerResult;
    try {
      result = await job();
    } catch (error) {
      result = { name: peerNames[index]!, version: '?', status: 'build failed', detail: (error as Error).message };
    }
    results.push(result);
    onResult(result);
  }
  return results;
}
