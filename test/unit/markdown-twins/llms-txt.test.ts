import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLlmsFiles, type TwinnedPage } from '../../../src/markdown-twins/llms-txt.ts';
import type { Page } from '../../../src/page.ts';

const page = (route: string, title: string, kind: Page['kind'], area?: Page['area'], description?: string): TwinnedPage => ({
  page: { route, title, kind, area, description, toc: [], body: { html: '' }, source: { file: 'x.md' }, links: [] } as Page,
  markdown: `# ${title}\n\nBody of ${title}.\n`,
  llms: kind === 'api-operation' ? 'operation' : kind === 'package' ? 'reference' : 'guide',
});

const twins = [
  page('/docs/vpaas/api/create-meeting', 'Create a meeting', 'api-operation', 'vpaas', 'Creates a\nmeeting.'),
  page('/docs/vpaas/intro', 'VPaaS intro', 'doc', 'vpaas', 'Start here.'),
  page('/docs/infinity/intro', 'Infinity intro', 'doc', 'infinity'),
  page('/community', 'Community', 'custom'),
  page('/docs/vpaas/npm/media', '@pexip/media', 'package', 'vpaas', 'Media helpers.'),
  page('/docs/vpaas/npm/media/interfaces/Track', 'Track', 'package', 'vpaas', 'A media track.'),
  page('/docs/vpaas/npm/media/modules', 'modules', 'package', 'vpaas'),
];
const files = buildLlmsFiles(twins, {
  title: 'Portal',
  tagline: 'Build video apps',
  siteUrl: 'https://x.test',
  areas: [
    { id: 'infinity', label: 'Infinity', path: 'infinity' },
    { id: 'vpaas', label: 'VPaaS', path: 'vpaas' },
  ],
});
const fileOf = (name: string) => files.find((file) => file.file === name)?.contents ?? '';

describe('llms.txt', () => {
  test('an H1, a blockquote summary, then sections of links to twins with one-line descriptions', () => {
    const text = fileOf('llms.txt');
    assert.match(text, /^# Portal\n\n> Build video apps\n\n/);
    assert.match(text, /## VPaaS\n\n- \[VPaaS intro\]\(https:\/\/x\.test\/docs\/vpaas\/intro\.md\): Start here\.\n/);
    assert.match(text, /## VPaaS: API and package reference\n\n- \[Create a meeting\]\(https:\/\/x\.test\/docs\/vpaas\/api\/create-meeting\.md\): Creates a meeting\.\n/);
    assert.match(text, /## Other pages\n\n- \[Community\]\(https:\/\/x\.test\/community\.md\)\n/);
    assert.match(text, /\[VPaaS\]\(https:\/\/x\.test\/docs\/vpaas\/llms\.txt\)/);
  });

  test('llms-full.txt holds every twin; each area has its own pair holding only its pages', () => {
    for (const twin of twins) assert.ok(fileOf('llms-full.txt').includes(twin.markdown.trim()), twin.page.route);
    assert.match(fileOf('docs/vpaas/llms.txt'), /VPaaS intro/);
    assert.doesNotMatch(fileOf('docs/vpaas/llms.txt'), /Infinity intro/);
    assert.match(fileOf('docs/vpaas/llms-full.txt'), /Body of Create a meeting/);
    assert.doesNotMatch(fileOf('docs/vpaas/llms-full.txt'), /Body of Infinity intro/);
  });

  test('npm reference pages are listed in their package\'s own llms.txt, which the indexes link with one line', () => {
    for (const index of ['llms.txt', 'docs/vpaas/llms.txt']) {
      assert.match(fileOf(index), /- \[@pexip\/media\]\(https:\/\/x\.test\/docs\/vpaas\/npm\/media\/llms\.txt\): the package's reference, 3 pages\. Media helpers\.\n/, index);
      assert.doesNotMatch(fileOf(index), /Track/, index);
    }
    const pkg = fileOf('docs/vpaas/npm/media/llms.txt');
    assert.match(pkg, /^# @pexip\/media \(VPaaS\)\n\n> /);
    assert.match(pkg, /- \[Track\]\(https:\/\/x\.test\/docs\/vpaas\/npm\/media\/interfaces\/Track\.md\): A media track\.\n/);
    assert.match(pkg, /- \[modules\]\(https:\/\/x\.test\/docs\/vpaas\/npm\/media\/modules\.md\)\n/);
  });
});
