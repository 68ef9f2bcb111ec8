// Watch mode rebuilds an edited doc in place with the build's own rules: what the rest of the
// site reads of a doc decides whether a full build is needed, and the page it writes is the page
// a full build writes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type SiteState } from '../../src/build/build.ts';
import { type LoadedConfig, loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { htmlFileOf } from '../../src/site/routes.ts';
import { copyFixture, read } from '../helpers/fixtures.ts';

const guides = 'content/docs/infinity/guides';
const firstGuide = '/docs/infinity/guides/first-guide';

let site: string;
let loaded: LoadedConfig;
let state: SiteState;

const fullBuild = async (out: string) => {
  const summary = await build(loaded, { outDir: path.join(site, out), reportDir: path.join(site, '.portal', `reports-${out}`) });
  assert.ok(summary.ok, JSON.stringify(summary.errors));
};

before(async () => {
  site = copyFixture('basic');
  // A guide that lists its category's pages as cards, and one titled by its heading alone.
  fs.appendFileSync(path.join(site, guides, 'first-guide.md'), '\n## Read next\n\n<DocCardList />\n');
  fs.writeFileSync(path.join(site, guides, 'heading-only.md'), '---\nsidebar_position: 9\n---\n\n# Heading steps\n\nA guide named by its heading.\n');
  loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state, JSON.stringify(built.errors));
  state = built.state;
});

describe('watch mode and the build agree', () => {
  test('an edited page with a card list is written with its cards, as the full build writes it', async () => {
    fs.appendFileSync(path.join(site, guides, 'first-guide.md'), '\nA sentence added while serving.\n');
    assert.equal(updateDoc(state, path.join(guides, 'first-guide.md')).kind, 'updated');
    await fullBuild('dist-full');
    const watched = read(site, `dist/${htmlFileOf(firstGuide)}`);
    assert.match(watched, /<ul class="doc-card-list"><li class="doc-card"><a href="\/docs\/infinity\/guides\/second-guide">/);
    assert.equal(watched, read(site, `dist-full/${htmlFileOf(firstGuide)}`));
  });

  test('a new leading heading of a doc without a front matter title renames it in every sidebar: a full build', async () => {
    const file = path.join(site, guides, 'heading-only.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('# Heading steps', '# Heading ways'));
    assert.equal(updateDoc(state, path.relative(site, file)).kind, 'full');
    // What the full build changes beyond the page: another page's sidebar.
    await fullBuild('dist-renamed');
    assert.match(read(site, `dist-renamed/${htmlFileOf(firstGuide)}`), /Heading ways/);
    assert.doesNotMatch(read(site, `dist-renamed/${htmlFileOf(firstGuide)}`), /Heading steps/);
  });
});
