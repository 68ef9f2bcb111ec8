import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { DocSource } from '../../../src/content/docs.ts';
import { docusaurusUrl, RouteLinkResolver } from '../../../src/content/route-links.ts';
import { isRelativeRouteLink } from '../../../src/shared/link-kinds.ts';

// A doc of the Infinity area, as readDocs gives it: `file` under content/docs/infinity.
function doc(relative: string, route: string, slug?: string): DocSource {
  const folder = relative.includes('/') ? `infinity/${relative.slice(0, relative.lastIndexOf('/'))}` : 'infinity';
  return {
    id: route.replace(/^\/docs\//, ''),
    file: `content/docs/infinity/${relative}`,
    absoluteFile: `/site/content/docs/infinity/${relative}`,
    folder,
    route,
    area: 'infinity',
    frontMatter: slug ? { slug } : {},
    // As docs.ts marks it: index.md, README.md, or a file named as its folder.
    folderIndex: !slug && ['index', 'readme', folder.split('/').pop()!.toLowerCase()].includes(relative.split('/').pop()!.replace(/\.md$/, '').toLowerCase()),
    body: '',
    bodyLineOffset: 0,
  } as DocSource;
}

const docs = [
  doc('start.md', '/docs/infinity/start'),
  doc('rooms/index.md', '/docs/infinity/rooms'),
  doc('rooms/pairing.md', '/docs/infinity/rooms/pairing'),
  doc('rooms/naming.md', '/docs/infinity/rooms/naming'),
  doc('kit/README.md', '/docs/infinity/kit'),
  doc('kit/cables.md', '/docs/infinity/kit/cables'),
  doc('Setup/Setup.md', '/docs/infinity/setup'),
];
const file = (relative: string) => `/site/content/docs/infinity/${relative}`;
const resolverFor = (trailingSlash?: boolean) => new RouteLinkResolver(docs, { trailingSlash: trailingSlash === undefined ? {} : { infinity: trailingSlash }, categoryRoutes: ['/docs/category/rooms', '/docs/kit/extras'] });

describe('the URL a doc had on its Docusaurus site', () => {
  test('default: a folder index ends in "/", any other doc does not', () => {
    assert.equal(docusaurusUrl(docs[2], undefined), '/docs/infinity/rooms/pairing');
    assert.equal(docusaurusUrl(docs[1], undefined), '/docs/infinity/rooms/');
    assert.equal(docusaurusUrl(docs[4], undefined), '/docs/infinity/kit/', 'README.md is the folder index');
    assert.equal(docusaurusUrl(docs[6], undefined), '/docs/infinity/setup/', 'a file named as its folder is the folder index');
    assert.equal(docusaurusUrl(doc('rooms/moving.md', '/docs/infinity/rooms/moving', 'moving/'), undefined), '/docs/infinity/rooms/moving/', 'a slug ending in "/" keeps it');
  });

  test('trailingSlash true adds a "/" to every URL, false takes it off every one', () => {
    assert.equal(docusaurusUrl(docs[2], true), '/docs/infinity/rooms/pairing/');
    assert.equal(docusaurusUrl(docs[1], false), '/docs/infinity/rooms');
  });
});

describe('relative route links', () => {
  test('only relative links that are not Markdown files are read this way', () => {
    for (const href of ['pairing', '../naming/', './x?y=1', 'naming#rules']) assert.equal(isRelativeRouteLink(href), true, href);
    for (const href of ['/docs/x', '#part', 'https://example.com/x', 'mailto:a@b.c', '//cdn.example/x', '../naming.md', 'x.mdx#y', '']) assert.equal(isRelativeRouteLink(href), false, href);
  });

  test('default: a sibling link from a doc, a child link from a folder index', () => {
    const resolver = resolverFor();
    assert.deepEqual(resolver.resolve('naming#rules', file('rooms/pairing.md')), { href: '/docs/infinity/rooms/naming#rules', base: '/docs/infinity/rooms/pairing', found: true });
    assert.equal(resolver.resolve('pairing', file('rooms/index.md'))?.href, '/docs/infinity/rooms/pairing');
    assert.equal(resolver.resolve('cables', file('kit/README.md'))?.href, '/docs/infinity/kit/cables');
  });

  test('trailingSlash true: "../sibling/" from a doc, and a bare name reads as a child', () => {
    const resolver = resolverFor(true);
    assert.equal(resolver.resolve('../naming/', file('rooms/pairing.md'))?.href, '/docs/infinity/rooms/naming');
    assert.equal(resolver.resolve('../../start/?tab=1#top', file('rooms/pairing.md'))?.href, '/docs/infinity/start?tab=1#top');
    const child = resolver.resolve('naming', file('rooms/pairing.md'));
    assert.equal(child?.found, false);
    assert.equal(child?.href, '/docs/infinity/rooms/pairing/naming');
    assert.match(child?.hint ?? '', /"\/docs\/infinity\/rooms\/pairing\/" \(areas\.infinity\.trailingSlash is true\)[^]*"\.\.\/page\.md"/);
  });

  test('trailingSlash false: a folder index reads a bare name as its sibling', () => {
    assert.equal(resolverFor(false).resolve('pairing', file('rooms/index.md'))?.found, false);
    assert.equal(resolverFor(false).resolve('rooms/pairing', file('rooms/index.md'))?.href, '/docs/infinity/rooms/pairing');
  });

  test('a folder URL finds its README.md, case is forgiven, and generated indexes keep their URL', () => {
    const resolver = resolverFor(true);
    assert.equal(resolver.resolve('../../kit/', file('rooms/pairing.md'))?.href, '/docs/infinity/kit');
    assert.equal(resolver.resolve('../Naming/', file('rooms/pairing.md'))?.href, '/docs/infinity/rooms/naming');
    assert.equal(resolver.resolve('../../category/rooms/', file('rooms/pairing.md'))?.href, '/docs/category/rooms');
    assert.equal(resolver.resolve('extras', file('kit/README.md'))?.href, '/docs/kit/extras');
  });

  test('a link to a file beside the page is a file link, left as written; a folder is not a file', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'route-links-'));
    fs.mkdirSync(path.join(folder, 'rooms', 'hardware'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'rooms', 'setup.zip'), 'zip');
    const pageDoc = { ...doc('rooms/index.md', '/docs/infinity/rooms'), absoluteFile: path.join(folder, 'rooms', 'index.md') };
    const resolver = new RouteLinkResolver([pageDoc], { trailingSlash: {}, categoryRoutes: ['/docs/rooms/hardware'] });
    assert.equal(resolver.resolve('./setup.zip', pageDoc.absoluteFile), undefined);
    assert.equal(resolver.resolve('hardware', pageDoc.absoluteFile)?.href, '/docs/rooms/hardware');
    assert.equal(resolver.resolve('bad%zz', pageDoc.absoluteFile)?.found, false, 'a malformed escape is a miss, not a crash');
  });

  test('a file that is not a doc keeps its links as written', () => {
    assert.equal(resolverFor().resolve('pairing', '/site/content/pages/community.md'), undefined);
  });
});
