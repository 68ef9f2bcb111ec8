import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocSource } from '../../../src/content/docs.ts';
import { attachPartials, isPartial } from '../../../src/content/partials.ts';
import { Diagnostics } from '../../../src/errors.ts';

const doc = (relative: string, body: string): DocSource => ({ id: relative, file: `content/docs/${relative}`, absoluteFile: '', folder: '', route: '', frontMatter: {}, body, bodyLineOffset: 3 }) as DocSource;

test('files and folders starting with "_" are partials, not pages', () => {
  assert.deepEqual(['area/_part.mdx', 'area/_shared/note.md', 'area/page.md', 'area/_category_.json', 'area/a_b.md'].map(isPartial), [true, true, false, false, false]);
});

test('a page gets the partials it imports, from its folder or @site/docs, and theirs; a missing one is an error at its line', () => {
  const partials = new Map([
    ['area/_one.md', '---\ntitle: x\n---\nOne words.\n\nimport Two from \'./_shared/_two.mdx\';\n\n<Two />'],
    ['area/_shared/_two.mdx', 'Two words.'],
    ['area/_unused.md', 'Nobody reads this.'],
  ]);
  const page = doc('area/guides/page.md', "import One from '../_one.md';\nimport Two from '@site/docs/_shared/_two.mdx';\nimport Gone from './_gone.mdx';\n\n<One />");
  const diagnostics = new Diagnostics();
  attachPartials([page], partials, () => 'area', diagnostics);
  assert.deepEqual(Object.keys(page.partials ?? {}).sort(), ['One', 'Two']);
  assert.equal(page.partials!.One.body, '\n\n\nOne words.\n\nimport Two from \'./_shared/_two.mdx\';\n\n<Two />', 'front matter blanked, lines kept');
  assert.deepEqual(diagnostics.problems.map((p) => `${p.severity} ${p.file}:${p.line} ${p.message}`), [
    'error content/docs/area/guides/page.md:6 imports the partial "./_gone.mdx", which is not there',
    'warning content/docs/area/_unused.md:1 is a partial (its name starts with "_") that no page imports, so its text is published nowhere',
  ]);
});
