import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildTagPages, docTags, warnUnreadTagsFiles } from '../../../src/content/doc-tags.ts';
import type { DocSource } from '../../../src/content/docs.ts';
import { Diagnostics } from '../../../src/errors.ts';

const doc = (route: string, folder: string, tags: NonNullable<DocSource['frontMatter']['tags']> | undefined, area: string | undefined = 'garden') =>
  ({ id: route, file: `content/docs/${folder}/x.md`, route, folder, area, frontMatter: tags ? { tags } : {} }) as unknown as DocSource;

test('a tag\'s page: under its area\'s route base, named by the slug rule, or by its permalink, slugged segment by segment', () => {
  const tags = docTags(doc('/docs/garden/beds', 'garden/beds', ['Raised Beds', 'Ωmega', { label: 'Pests', permalink: '/bugs/../Slugs', description: 'What eats the leaves.' }]));
  assert.deepEqual(tags, [
    { label: 'Raised Beds', route: '/docs/garden/tags/raised-beds' },
    { label: 'Ωmega', route: '/docs/garden/tags/omega' },
    { label: 'Pests', route: '/docs/garden/tags/bugs/slugs', description: 'What eats the leaves.' },
  ]);
  assert.deepEqual(docTags(doc('/docs/top', '', ['Raised Beds'], undefined)).map((tag) => tag.route), ['/docs/tags/raised-beds']);
});

test('no doc with tags, no tag pages; one spelling per page, the docs listed once each', () => {
  const titles = (route: string) => ({ title: route.split('/').pop()!, description: undefined });
  assert.deepEqual(buildTagPages([doc('/docs/garden/a', 'garden', undefined)], titles), []);
  const pages = buildTagPages([doc('/docs/garden/b', 'garden', ['Soil', 'soil']), doc('/docs/garden/a', 'garden', ['Soil'])], titles);
  assert.deepEqual(pages.map((page) => [page.route, page.title, page.kind === 'doc-tag' && page.body.entries.map((entry) => `${entry.href} ${entry.description ?? ''}`)]), [
    ['/docs/garden/tags', 'Tags', ['/docs/garden/tags/soil 2 docs']],
    ['/docs/garden/tags/soil', '2 docs tagged with "Soil"', ['/docs/garden/a ', '/docs/garden/b ']],
  ]);
});

test('a Docusaurus tags.yml is a warning that it is not read', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tags-yml-'));
  fs.mkdirSync(path.join(root, 'content/docs/garden'), { recursive: true });
  fs.writeFileSync(path.join(root, 'content/docs/garden/tags.yml'), 'soil:\n  label: Soil\n');
  const diagnostics = new Diagnostics();
  warnUnreadTagsFiles(root, ['garden', 'orchard'], diagnostics);
  assert.deepEqual(diagnostics.problems.map((problem) => `${problem.severity} ${problem.file}:${problem.line} ${problem.message}`), [
    'warning content/docs/garden/tags.yml:1 is not read: portal takes tag labels, permalinks and descriptions from each page\'s front matter',
  ]);
});
