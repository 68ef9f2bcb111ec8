import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Root } from 'mdast';
import { unified } from 'unified';
import { normalizeAdmonitionSyntax } from '../../src/markdown/plugins/admonition-syntax.ts';
import { prepareMdxLines } from '../../src/markdown/plugins/mdx-lines.ts';
import { ParseMemory } from '../../src/markdown/reparse.ts';
import { markdownSyntax } from '../../src/markdown/syntax.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { requireThirdParty } from '../helpers/thirdparty.ts';

// Watch mode parses only the blocks a save changed (src/markdown/reparse.ts). Held here against
// the parser itself on real docs, the site's and a Docusaurus site's nobody here wrote: each doc
// is edited as a writer might (a line added, typed into, or deleted; a fence, a `:::`, an item
// or indented text put in), save after save with one memory, and every tree must equal a parse
// of the whole text. test/unit/markdown/reparse.test.ts holds the cases one by one.

const processor = unified().use(markdownSyntax).freeze();
const parseText = (text: string) => processor.parse(text) as Root;
const inserts = ['A new sentence.', '\nA new paragraph.\n', '```', '- an item', '    indented', ':::tip', '', '| a | b |', '> a quote', '<div>', '1. one', '***', '==='];

function editEveryDoc(docsRoot: string): void {
  const files = (fs.readdirSync(docsRoot, { recursive: true }) as string[]).filter((file) => /\.mdx?$/.test(file)).sort();
  assert.ok(files.length > 20, `${docsRoot} has its docs`);
  let random = 7;
  const pick = (below: number) => (random = (random * 48271) % 2147483647) % below;
  let partly = 0;
  for (const file of files) {
    const raw = fs.readFileSync(path.join(docsRoot, file), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
    // The text as the page renderer hands it to the parser (src/markdown/pipeline.ts).
    const body = normalizeAdmonitionSyntax(prepareMdxLines(raw, file.endsWith('.mdx')).markdown);
    const memory = new ParseMemory();
    memory.parse(file, body, parseText);
    let text = body;
    for (let step = 0; step < 4; step++) {
      const lines = text.split('\n');
      const at = pick(lines.length);
      const kind = pick(3);
      const insert = inserts[pick(inserts.length)];
      if (kind === 0) lines.splice(at, 1);
      else if (kind === 1) lines[at] = lines[at].slice(0, pick(lines[at].length + 1)) + insert + lines[at].slice(pick(lines[at].length + 1));
      else lines.splice(at, 0, insert);
      text = lines.join('\n');
      const { tree, parsed } = memory.parse(file, text, parseText);
      assert.deepEqual(tree, parseText(text), `${file}, edit ${step + 1} at line ${at + 1}`);
      if (parsed.to - parsed.from < text.length / 2) partly++;
    }
    // The edit the watch bench makes (bench/watch-latency.ts), on the doc as written.
    memory.parse(file, body, parseText);
    const appended = `${body.trimEnd()}\n\nA line a writer adds at the end.\n`;
    const { tree, parsed } = memory.parse(file, appended, parseText);
    assert.deepEqual(tree, parseText(appended), `${file}, a line added at the end`);
    // The blocks from the last clean start are parsed again (all of a list or fence the line follows).
    if (!/\]:/.test(appended) && !appended.includes('\r') && appended.length > 4000) {
      assert.ok(parsed.from > appended.length / 2, `${file}: only the end is parsed again (from character ${parsed.from} of ${appended.length})`);
    }
  }
  // Most edits parse a small part: the memory is not a full parse every time.
  assert.ok(partly > files.length * 2, `${partly} of ${files.length * 4} edits parsed less than half the doc`);
}

test("the site's docs, edited save after save, parse as the full parser reads them", () => {
  editEveryDoc(path.join(repoRoot, 'content', 'docs'));
});

test("a Docusaurus site's docs (BehaviorTree.CPP's), edited save after save, parse as the full parser reads them", (t) => {
  const docs = requireThirdParty('docusaurus/btcpp/docs', t);
  if (docs) editEveryDoc(docs);
});
