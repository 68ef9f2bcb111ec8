// Every link into the npm reference goes to the version the linking code really runs with, read
// from the installed node_modules tree (not from the top-level pins), on the real built site:
//
//   node --import tsx --test test/integration/reference-versions.test.ts
//
// A reference page's links (type links, "Pexip dependencies") are held against the version Node
// resolves from the folder of the package the page documents; a guide's against the version its
// area's SDK resolves (the first root of a dependency-tree area, else the project's own pins).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import { loadConfig } from '../../src/config/load.ts';
import type { PortalConfig } from '../../src/config/schema.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { realSite } from '../helpers/real-site.ts';

interface Installed {
  name: string;
  version: string;
  directory: string;
  dependencies: string[];
}

/** Node's lookup, written out: `<folder>/node_modules/<name>` from the folder up to the root. */
function resolveFrom(name: string, folder: string): Installed | undefined {
  for (let current = folder; ; current = path.dirname(current)) {
    if (path.basename(current) !== 'node_modules') {
      const manifestFile = path.join(current, 'node_modules', name, 'package.json');
      if (fs.existsSync(manifestFile)) {
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { version: string; dependencies?: Record<string, string> };
        return { name, version: manifest.version, directory: path.dirname(manifestFile), dependencies: Object.keys(manifest.dependencies ?? {}) };
      }
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** The copies an area's code runs with: its roots from the project, and for a tree every @pexip dependency from its dependant's folder. */
function installedTree(area: PortalConfig['npmReference'][number]): Installed[] {
  const found = new Map<string, Installed>();
  const queue = area.packages.map((name) => resolveFrom(name, repoRoot)!);
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (found.has(next.name)) continue;
    found.set(next.name, next);
    if (area.dependencyTree) queue.push(...next.dependencies.filter((name) => name.startsWith('@pexip/')).map((name) => resolveFrom(name, next.directory)!));
  }
  return [...found.values()];
}

let dist: string;
let config: PortalConfig;

before(async () => {
  ({ config } = await loadConfig('portal.config.ts', repoRoot));
  dist = await realSite();
});

const htmlFile = (route: string) => path.join(dist, route, 'index.html');

/** The page's own content (not the sidebar, breadcrumbs or pager): its links and its text. */
function content(route: string): { links: string[]; text: string } {
  const tree = fromHtml(fs.readFileSync(htmlFile(route), 'utf8'));
  let body: Element | undefined;
  visit(tree, 'element', (node: Element) => {
    if (!body && (node.properties.className as string[] | undefined)?.includes('markdown')) body = node;
  });
  assert.ok(body, `${route} has no content element`);
  const links: string[] = [];
  visit(body, 'element', (node: Element) => {
    if (node.tagName === 'a' && typeof node.properties.href === 'string') links.push(node.properties.href);
  });
  return { links, text: toText(body) };
}

/** "Package: @scope/name@1.2.3", the line every npm reference page starts with. */
function documented(text: string, where: string): { name: string; version: string } {
  const match = /Package: (@[^@\s]+\/[^@\s]+)@(\d[^\s]*)/.exec(text);
  assert.ok(match, `${where} does not say which package version it documents`);
  return { name: match[1], version: match[2] };
}

/** Every route under a folder of the built site with an index.html. */
function routesUnder(folder: string): string[] {
  const absolute = path.join(dist, folder);
  if (!fs.existsSync(absolute)) return [];
  return (fs.readdirSync(absolute, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === 'index.html')
    .map((file) => `/${path.posix.join(folder, path.dirname(file).split(path.sep).join('/'))}`.replace(/\/\.$/, ''));
}

test('every link from a reference page or a guide to an npm reference page goes to the version its code resolves', () => {
  const trees = new Map(config.npmReference.map((area) => [area, installedTree(area)]));
  // The npm reference area whose package pages hold `route` (the folders also hold guides).
  const areaOfFolder = (route: string) =>
    config.npmReference.find((area) =>
      trees.get(area)!.some((copy) => {
        const base = `/docs/${area.folder}/${copy.name.split('/')[1]}`;
        return route === base || route.startsWith(`${base}/`);
      }),
    );
  const versionOf = new Map<string, { name: string; version: string }>();
  const pageVersion = (route: string) => {
    if (!versionOf.has(route)) versionOf.set(route, documented(content(route).text, route));
    return versionOf.get(route)!;
  };
  const failures: string[] = [];
  let checked = 0;
  for (const docsArea of Object.values(config.areas)) {
    for (const route of routesUnder(path.posix.join('docs', docsArea.path))) {
      const linkingArea = areaOfFolder(route);
      // Who is linking: the package the reference page documents, or the area's SDK for a guide.
      let from: string;
      let label: string;
      if (linkingArea) {
        const linking = pageVersion(route);
        const copy = trees.get(linkingArea)!.find((candidate) => candidate.name === linking.name);
        assert.ok(copy, `${route} documents ${linking.name}, which is not in its area's installed tree`);
        if (linking.version !== copy.version) failures.push(`${route} documents ${linking.name}@${linking.version}, but its area's code installs ${copy.version}`);
        from = copy.directory;
        label = `${linking.name}@${linking.version}`;
      } else {
        const sdkArea = config.npmReference.find((area) => area.area === Object.entries(config.areas).find(([, value]) => value === docsArea)![0] && area.dependencyTree);
        from = sdkArea ? resolveFrom(sdkArea.packages[0], repoRoot)!.directory : repoRoot;
        label = sdkArea ? `the guide (as ${sdkArea.packages[0]})` : 'the guide (as the project)';
      }
      for (const href of content(route).links) {
        const target = href.split('#')[0];
        if (!areaOfFolder(target) || !fs.existsSync(htmlFile(target))) continue;
        // A changelog's "a later version is documented elsewhere" crosses versions on purpose (tested below).
        if (route.endsWith('/changelog') && target.endsWith('/changelog')) continue;
        const shown = pageVersion(target);
        const resolved = resolveFrom(shown.name, from)?.version;
        checked += 1;
        if (resolved !== shown.version) failures.push(`${route} (${label}) links to ${href}, which documents ${shown.name}@${shown.version}; its code resolves ${resolved ?? 'nothing'}`);
      }
    }
  }
  console.log(`${checked} links into the npm reference checked`);
  assert.ok(checked > 1000, `only ${checked} links into the npm reference were found`);
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} links go to another version than the one resolved`);
});

test('"Pexip dependencies" print the version each package installs', () => {
  for (const area of config.npmReference) {
    for (const copy of installedTree(area)) {
      const route = `/docs/${area.folder}/${copy.name.split('/')[1]}`;
      const { text } = content(route);
      for (const dependency of copy.dependencies.filter((name) => name.startsWith('@pexip/'))) {
        const installed = resolveFrom(dependency, copy.directory)!;
        assert.match(text, new RegExp(`${dependency.replace(/[/.]/g, '\\$&')} ${installed.version.replace(/\./g, '\\.')}\\b`), `${route}: ${dependency} is installed at ${installed.version}`);
      }
    }
  }
});

test('each npm reference page and its Markdown twin name the version they document', () => {
  for (const area of config.npmReference) {
    for (const copy of installedTree(area)) {
      const base = `/docs/${area.folder}/${copy.name.split('/')[1]}`;
      for (const route of routesUnder(base.slice(1))) {
        assert.deepEqual(documented(content(route).text, route), { name: copy.name, version: copy.version });
        const twin = fs.readFileSync(path.join(dist, route, 'index.md'), 'utf8');
        assert.ok(twin.includes(`${copy.name}@${copy.version}`), `the twin of ${route} names ${copy.name}@${copy.version}`);
      }
    }
  }
});

test('the VPaaS packages are what @pexip/vpaas-sdk and @pexip/vpaas-api install, then the rest at the pins, each saying the SDK does not install it', () => {
  const vpaas = config.npmReference.find((area) => area.area === 'vpaas')!;
  const tree = installedTree(vpaas).map((copy) => `/docs/${vpaas.folder}/${copy.name.split('/')[1]}`);
  assert.ok(tree.includes('/docs/vpaas/npm-packages/socket-manager'), 'the SDK uses @pexip/socket-manager');
  const alongside = vpaas.alongside.map((extra) => `/docs/${vpaas.folder}/${extra.package.split('/')[1]}`);
  const category = `/docs/category/${vpaas.sidebar!.category!.slug}`;
  const listed = [...new Set(content(category).links.filter((href) => href.startsWith(`/docs/${vpaas.folder}/`)))];
  assert.deepEqual(listed.sort(), [...tree, ...alongside].sort());
  for (const extra of vpaas.alongside) {
    const route = `/docs/${vpaas.folder}/${extra.package.split('/')[1]}`;
    const { text } = content(route);
    assert.equal(documented(text, route).version, resolveFrom(extra.package, repoRoot)!.version, `${route} documents the project's pin`);
    assert.match(text, /@pexip\/vpaas-sdk and @pexip\/vpaas-api do not install this package/, route);
    if (extra.forArea) assert.match(text, /For Infinity apps/, route);
    else assert.ok(text.includes(`npm install ${extra.package}@${resolveFrom(extra.package, repoRoot)!.version}`), route);
  }
  // The members a VPaaS reader's install has, and not those of the newer version the project pins.
  const { text } = content('/docs/vpaas/npm-packages/peer-connection/interfaces/TransceiverConfig');
  assert.match(text, /allowAutoChangeOfDirection/);
  assert.doesNotMatch(text, /allowChangeOfMediaDirection/);
});

test('versions the VPaaS guides name for @pexip packages are the ones the SDK installs', () => {
  const vpaas = config.npmReference.find((area) => area.area === 'vpaas')!;
  const installed = new Map(installedTree(vpaas).map((copy) => [copy.name, copy.version]));
  const folder = path.join(repoRoot, 'content', 'docs', config.areas.vpaas.path);
  const claims: string[] = [];
  const wrong: string[] = [];
  for (const file of (fs.readdirSync(folder, { recursive: true }) as string[]).filter((name) => name.endsWith('.md'))) {
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    // "`@pexip/signal` 16.7.1" or "@pexip/signal@16.7.1"
    for (const match of text.matchAll(/`?(@pexip\/[a-z0-9-]+)`?(?: |@)(\d+\.\d+\.\d+)\b/g)) {
      const [, name, version] = match;
      if (!installed.has(name)) continue;
      claims.push(`${name} ${version}`);
      if (installed.get(name) !== version) wrong.push(`${file}: ${name} ${version}, but the SDK installs ${installed.get(name)}`);
    }
  }
  assert.ok(claims.length >= 5, `the VPaaS guides name the versions of the SDK's packages (found ${claims.join(', ')})`);
  assert.deepEqual(wrong, []);
});

test('an older copy an SDK installs points to the section of the later changelog that starts from it', () => {
  // VPaaS documents peer-connection 17.12.0 (what its SDK installs); the Infinity area compares
  // 17.12.0 with 18.2.0, where TransceiverConfig's field was renamed.
  const vpaas = content('/docs/vpaas/npm-packages/peer-connection/changelog');
  assert.match(vpaas.text, /A later version, 18\.2\.0, is documented in another area of this site/);
  assert.ok(vpaas.links.includes('/docs/infinity/web/npm-packages/peer-connection/changelog#v18-2-0'), vpaas.links.join('\n'));
  const infinity = content('/docs/infinity/web/npm-packages/peer-connection/changelog');
  assert.match(infinity.text, /17\.12\.0 → 18\.2\.0/);
  assert.doesNotMatch(infinity.text, /A later version/);
});
