import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.ts';
import { marksOf } from '../../src/typedoc/changelog-page.ts';
import { versionMarks } from '../../src/typedoc/package-history.ts';
import { readReleases } from '../../src/typedoc/releases.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { realPackageHistory } from '../helpers/package-histories.ts';
import { packageFolder } from '../helpers/package-versions.ts';

// The "since" and "changed in" marks of the npm reference, held against two witnesses the
// generator does not read the same way: each package's own CHANGELOG.md (from its installed
// tarball, parsed here), and the version statements of the hand-written pages. A mark must name
// a release whose CHANGELOG section names the symbol, wherever one in its range does; and a page
// that says "`x` ... since 21.1.0" must agree with the mark of `x`.

/** A mark as a page shows it: one release, or the range it lies in (after `from`, up to `to`). */
export interface ShownMark {
  symbol: string;
  word: 'since' | 'changed in';
  release?: string;
  from: string;
  to: string;
}

const versionPattern = String.raw`\d+\.\d+\.\d+`;

/** Release order of two plain versions. */
const order = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** A CHANGELOG.md as version → section text (every `## X.Y.Z` heading up to the next one). */
export function changelogByVersion(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = new RegExp(`^##\\s+v?(${versionPattern})\\s*$`).exec(line);
    if (heading) current = heading[1];
    else if (/^##\s/.test(line)) current = undefined;
    else if (current) sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  return sections;
}

/** Whether a CHANGELOG section names `symbol` (or its last part): in code (`name`, `Owner.name`, `name(args)`) or as a bare camelCase, PascalCase or snake_case word. */
export function namesSymbol(section: string, symbol: string): boolean {
  const names = [...new Set([symbol, symbol.split('.').at(-1)!])];
  const spans = [...section.matchAll(/`([^`]+)`/g)].map((match) => match[1].trim());
  const inCode = spans.some((span) => names.some((name) => new RegExp(`^(?:[\\w$]+\\.)*${escape(name)}\\??(?:\\(.*\\))?$`).test(span)));
  const looksLikeCode = (name: string) => /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(name);
  const bare = names.filter(looksLikeCode).some((name) => new RegExp(`(?<![\\w$.\`])${escape(name)}(?![\\w$])`).test(section.replace(/`[^`]*`/g, ' ')));
  return inCode || bare;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the CHANGELOG contradicts in one mark; undefined when it agrees. */
export function checkMark(mark: ShownMark, changelog: Map<string, string>): string | undefined {
  const naming = [...changelog.keys()].filter((version) => order(version, mark.from) > 0 && order(version, mark.to) <= 0 && namesSymbol(changelog.get(version)!, mark.symbol)).sort(order);
  const shown = `${mark.symbol}: "${mark.word} ${mark.release ?? `between ${mark.from} and ${mark.to}`}"`;
  if (mark.release && (order(mark.release, mark.from) <= 0 || order(mark.release, mark.to) > 0)) return `${shown} names a release outside the versions compared (${mark.from} → ${mark.to})`;
  if (!naming.length) return undefined;
  if (mark.release && !naming.includes(mark.release)) return `${shown}, but the CHANGELOG names it in ${naming.join(', ')} and not in ${mark.release}`;
  if (!mark.release && naming.length === 1) return `${shown}, but the CHANGELOG names it in ${naming[0]} only`;
  return undefined;
}

/** The marks a package's reference pages show, read back from their labels and changelog links. */
async function shownMarks(name: string): Promise<ShownMark[]> {
  const history = await realPackageHistory(name);
  const marks = versionMarks(history, readReleases(repoRoot, name));
  const labels = marksOf(marks, '/changelog');
  const pairTo = new Map(history.pairs.map((pair) => [`v${pair.to.replaceAll('.', '-')}`, pair]));
  return [...marks.keys()].flatMap((symbol) =>
    labels(symbol).map(({ label, href }) => {
      const pair = pairTo.get(href.split('#')[1]);
      assert.ok(pair, `${name} ${symbol}: "${label}" links ${href}, which is no compared pair`);
      const single = new RegExp(`^(since|changed in) (${versionPattern})$`).exec(label);
      const range = new RegExp(`^(added|changed) between (${versionPattern}) and (${versionPattern})$`).exec(label);
      assert.ok(single || range, `${name} ${symbol}: a mark reads "${label}"`);
      // A range is the pair's, or narrower where the recorded exports of the releases in between place the name.
      if (range) assert.ok(order(range[2], pair.from) >= 0 && order(range[3], pair.to) <= 0 && order(range[2], range[3]) < 0, `${name} ${symbol}: "${label}" is not within the pair it links (${pair.from} → ${pair.to})`);
      const word = (single ? single[1] : range![1] === 'added' ? 'since' : 'changed in') as ShownMark['word'];
      return { symbol, word, release: single?.[2], from: range ? range[2] : pair.from, to: range ? range[3] : pair.to };
    }),
  );
}

/** A hand-written statement that a symbol came or changed in a version. */
export interface VersionStatement {
  file: string;
  line: number;
  packageName: string;
  version: string;
  /** The code spans of the statement (a sentence, or a table row). */
  symbols: string[];
}

// Pages that document one package without naming it in each sentence.
const pagePackages: [folder: string, packageName: string][] = [['content/docs/infinity/web/plugins/webapp-3/plugin-api/', '@pexip/plugin-api']];
const statementPattern = new RegExp(String.raw`\b(?:since|added in|introduced in|new in|changed in|came in|arrived in|in version|records? (?:it|them) in)\s+(?:version\s+)?(?:\x60?(@pexip\/[a-z-]+)\x60?\s+)?v?(${versionPattern})`, 'gi');

/** The version statements of a page: each sentence or table row with "since X.Y.Z" (or the like) and code spans. */
export function versionStatements(file: string, markdown: string, defaultPackage = pagePackages.find(([folder]) => file.startsWith(folder))?.[1]): VersionStatement[] {
  const statements: VersionStatement[] = [];
  const lines = markdown.split('\n');
  let inFence = false;
  // Paragraph lines are joined, so a sentence that wraps is one statement; a table row is one.
  let block: { line: number; text: string } | undefined;
  const flush = () => {
    if (!block) return;
    const { line, text } = block;
    block = undefined;
    const parts = text.startsWith('|') ? [text] : text.split(/(?<=[.;:])\s+(?=[A-Z`(])/);
    for (const part of parts) {
      for (const match of part.matchAll(statementPattern)) {
        const named = /`(@pexip\/[a-z-]+)`/.exec(part)?.[1];
        const packageName = match[1] ?? named ?? defaultPackage;
        const symbols = [...part.matchAll(/`([^`]+)`/g)].map((span) => span[1].replace(/\(.*\)$/, '')).filter((span) => /^[\w$.:]+$/.test(span) && !/^\d/.test(span));
        if (packageName && symbols.length) statements.push({ file, line, packageName, version: match[2], symbols });
      }
    }
  };
  lines.forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      flush();
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    if (!text.trim() || text.startsWith('|') || /^\s*(#|:::|[-*] |\d+\. )/.test(text)) flush();
    if (!text.trim()) return;
    if (text.startsWith('|')) {
      block = { line: index + 1, text };
      flush();
      return;
    }
    block = block ? { ...block, text: `${block.text} ${text.trim()}` } : { line: index + 1, text: text.trim() };
  });
  flush();
  return statements;
}

/** What the marks contradict in a statement: a symbol said to come (or change) in a version its mark rules out. */
export function checkStatement(statement: VersionStatement, marks: ShownMark[]): string[] {
  const problems: string[] = [];
  for (const span of statement.symbols) {
    const matching = marks.filter((mark) => mark.symbol === span || mark.symbol.split('.').at(-1) === span.split('.').at(-1));
    for (const mark of matching) {
      const inRange = order(statement.version, mark.from) > 0 && order(statement.version, mark.to) <= 0;
      const agrees = mark.release ? statement.version === mark.release : inRange;
      // A "since" mark rules out any other version; a "changed in" mark only one inside its own range.
      if (!agrees && (mark.word === 'since' || inRange)) {
        const shown = mark.release ? `${mark.word} ${mark.release}` : `${mark.word === 'since' ? 'added' : 'changed'} between ${mark.from} and ${mark.to}`;
        problems.push(`${statement.file}:${statement.line}: says ${statement.version} for \`${span}\`, but the reference marks ${statement.packageName} ${mark.symbol} "${shown}"`);
      }
    }
  }
  return problems;
}

const { config } = await loadConfig('portal.config.ts', repoRoot);
const marked = Object.keys(config.history.packages).sort();
const marksByPackage = new Map<string, Promise<ShownMark[]>>();
const marksFor = (name: string) => marksByPackage.get(name) ?? marksByPackage.set(name, shownMarks(name)).get(name)!;
const changelogFor = (name: string) => changelogByVersion(fs.readFileSync(path.join(packageFolder(name, String((JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version)), 'CHANGELOG.md'), 'utf8'));

describe('every version mark agrees with its package\'s CHANGELOG', () => {
  for (const name of marked) {
    test(name, { timeout: 600_000 }, async () => {
      const changelog = changelogFor(name);
      assert.ok(changelog.size > 0, `${name}: no CHANGELOG sections read`);
      const marks = await marksFor(name);
      assert.deepEqual(marks.map((mark) => checkMark(mark, changelog)).filter(Boolean), []);
    });
  }
});

const markdownFiles = (folder: string): string[] =>
  fs.readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? markdownFiles(relative) : /\.mdx?$/.test(entry.name) ? [relative] : [];
  });

test('no hand-written page states a version that a mark contradicts', { timeout: 600_000 }, async () => {
  const statements = markdownFiles('content/docs').flatMap((file) => versionStatements(file, fs.readFileSync(path.join(repoRoot, file), 'utf8')));
  const checked = statements.filter((statement) => marked.includes(statement.packageName));
  // The plugin API pages alone state a dozen versions; far fewer means the reader broke.
  assert.ok(checked.length >= 12, `read ${checked.length} statements`);
  const marks = new Map<string, ShownMark[]>();
  for (const name of new Set(checked.map((statement) => statement.packageName))) marks.set(name, await marksFor(name));
  assert.deepEqual(checked.flatMap((statement) => checkStatement(statement, marks.get(statement.packageName)!)), []);
});

describe('the checks fail on a planted wrong mark or statement', () => {
  const changelog = changelogByVersion(['# @planted/kit', '', '## 1.3.0', '', '- Faster start-up.', '', '## 1.2.0', '', '- Add `Kit.pause(reason?: string)` to hold the stream.', '- Expose holdCount', '', '## 1.1.0', '', '- Renamed `box` into `kit`.', ''].join('\n'));

  test('a mark naming the later version compared, where the CHANGELOG names an earlier release', () => {
    assert.deepEqual([...changelog.keys()], ['1.3.0', '1.2.0', '1.1.0']);
    const wrong: ShownMark = { symbol: 'Kit.pause', word: 'since', release: '1.3.0', from: '1.0.0', to: '1.3.0' };
    assert.equal(checkMark(wrong, changelog), 'Kit.pause: "since 1.3.0", but the CHANGELOG names it in 1.2.0 and not in 1.3.0');
    assert.equal(checkMark({ ...wrong, release: '1.2.0' }, changelog), undefined);
  });

  test('a range where the CHANGELOG pins the release, and a release outside the versions compared', () => {
    const range: ShownMark = { symbol: 'Kit.holdCount', word: 'since', from: '1.0.0', to: '1.3.0' };
    assert.equal(checkMark(range, changelog), 'Kit.holdCount: "since between 1.0.0 and 1.3.0", but the CHANGELOG names it in 1.2.0 only');
    assert.equal(checkMark({ ...range, symbol: 'Kit.resume' }, changelog), undefined);
    assert.match(checkMark({ ...range, symbol: 'Kit.resume', release: '1.0.0' }, changelog) ?? '', /outside the versions compared/);
  });

  test('a page that says a symbol came in a release its mark rules out', () => {
    const page = ['# Kit', '', 'Call `Kit.pause()` to hold the stream (since', '1.1.0). It is', 'cheap. `Kit.pause()` replaced `hold` in version 1.2.0.', '', '| `holdCount` | `number` | Holds so far (since 1.2.0) |', '', '```ts', '// since 1.1.0 `Kit.pause`', '```'].join('\n');
    const statements = versionStatements('content/docs/kit.md', page, '@planted/kit');
    assert.deepEqual(statements.map(({ line, version, symbols }) => ({ line, version, symbols })), [
      { line: 3, version: '1.1.0', symbols: ['Kit.pause'] },
      { line: 3, version: '1.2.0', symbols: ['Kit.pause', 'hold'] },
      { line: 7, version: '1.2.0', symbols: ['holdCount', 'number'] },
    ]);
    const marks: ShownMark[] = [
      { symbol: 'Kit.pause', word: 'since', release: '1.2.0', from: '1.0.0', to: '1.3.0' },
      { symbol: 'Kit.holdCount', word: 'since', from: '1.0.0', to: '1.3.0' },
    ];
    assert.deepEqual(statements.flatMap((statement) => checkStatement(statement, marks)), ['content/docs/kit.md:3: says 1.1.0 for `Kit.pause`, but the reference marks @planted/kit Kit.pause "since 1.2.0"']);
  });
});
