import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import GithubSlugger from 'github-slugger';
import type { Heading, Link, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { repoRoot } from '../helpers/fixtures.ts';

// The README and docs/ name files and sections of this repository; when a file moves or a heading
// is renamed, a reader following the link lands nowhere. Links are read from the Markdown tree, so
// text inside code is never taken for a link.

const parser = unified().use(remarkParse).use(remarkGfm);

/** Repository paths written as inline code (`test/unit/x.test.ts`): the files must exist too. */
const codePath = /^(?:bin|bench|content|scripts|src|templates|test)\/[^\s*<>{}…]+\.(?:ts|tsx|mjs|json|md|yaml|css)$/;

function textOf(node: Nodes): string {
  if ('value' in node && (node.type === 'text' || node.type === 'inlineCode')) return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child as Nodes)).join('') : '';
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child as Nodes, visit);
}

const anchorsByFile = new Map<string, Set<string>>();

/** The anchors GitHub gives a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const known = anchorsByFile.get(file);
  if (known) return known;
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walk(parser.parse(fs.readFileSync(file, 'utf8')) as Root, (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(textOf(node as Heading)));
  });
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** Every broken relative link and missing named file of one Markdown file, as "file:line: problem". */
function brokenLinks(file: string, root: string): string[] {
  const problems: string[] = [];
  const where = (node: Nodes) => `${path.relative(root, file)}:${node.position?.start.line ?? 0}`;
  walk(parser.parse(fs.readFileSync(file, 'utf8')) as Root, (node) => {
    if (node.type === 'inlineCode' && codePath.test(node.value) && !fs.existsSync(path.join(root, node.value))) {
      problems.push(`${where(node)}: names \`${node.value}\`, which does not exist`);
    }
    if (node.type !== 'link') return;
    const url = (node as Link).url;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return;
    const [target, anchor] = url.split('#') as [string, string | undefined];
    const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
    if (!fs.existsSync(resolved)) {
      problems.push(`${where(node)}: link to ${url}: no file ${path.relative(root, resolved)}`);
      return;
    }
    if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
      problems.push(`${where(node)}: link to ${url}: ${path.relative(root, resolved)} has no heading with the anchor #${anchor}`);
    }
  });
  return problems;
}

const documents = () => [path.join(repoRoot, 'README.md'), ...fs.readdirSync(path.join(repoRoot, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => path.join(repoRoot, 'docs', name))];

test('every relative link of the README and docs/ reaches an existing file and heading, and every file they name exists', () => {
  const problems = documents().flatMap((file) => brokenLinks(file, repoRoot));
  assert.deepEqual(problems, [], `fix each link or name to point at the file's current path (and a heading it has):\n${problems.join('\n')}`);
});

test('the README stays a five-minute read: at most 200 lines, with the details in docs/', () => {
  const lines = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8').split('\n').length - 1;
  assert.ok(lines <= 200, `README.md has ${lines} lines; move the detail into a file under docs/ and link to it`);
});

test('a broken link, a missing anchor and a missing named file are each reported at their line', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
  try {
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'docs', 'b.md'), '# B\n\n## Real heading\n');
    fs.writeFileSync(
      path.join(root, 'README.md'),
      [
        '# A',
        '',
        '[fine](docs/b.md#real-heading), [outside](https://example.com/x), [self](#a)',
        '[gone](docs/missing.md)',
        '[no such part](docs/b.md#other)',
        'Tested in `test/unit/nowhere.test.ts`.',
        '```',
        '[inside code](docs/missing.md)',
        '```',
      ].join('\n'),
    );
    assert.deepEqual(brokenLinks(path.join(root, 'README.md'), root), [
      'README.md:4: link to docs/missing.md: no file docs/missing.md',
      'README.md:5: link to docs/b.md#other: docs/b.md has no heading with the anchor #other',
      'README.md:6: names `test/unit/nowhere.test.ts`, which does not exist',
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
