import fs from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { apiSampleLabel, packageExampleLabel, responseExampleLabel, sampleCheckFor, type SampleChecks } from '../../src/markdown/sample-checks.ts';
import { type SchemaValidator, schemaValidator } from '../../src/openapi/response-validator.ts';
import { applyMagicComments } from '../../src/markdown/plugins/code-blocks.ts';
import { visit } from '../../src/markdown/visit.ts';
import { checkedPrefix, notCheckedPrefix, sampleCheckLine } from '../../src/shared/sample-check.ts';
import type { OperationSamples } from './api-samples.ts';
import { extractBlocks, fragmentReason, markdownFiles } from './content-blocks.ts';
import { repoRoot } from './fixtures.ts';
import { exampleCode, type PackageExample } from './package-examples.ts';

// Reads every code block of a built site with the label it shows and finds, in the registry
// (content/sample-checks.json), the label each block should carry: a guide block's by its page and
// language, an API request sample's by its tab, a package @example's by its text. A label the
// registry does not give that block is one with no check behind it. A JSON response example of
// an API page should carry the registry's label only when it validates against its schema.

export interface LabelReport {
  problems: string[];
  /** How many blocks carry each label line. */
  counts: Map<string, number>;
}

/** What a built block could be, and the label line each of those sources gives it (undefined: none). */
class Sources {
  private readonly guide = new Map<string, (string | undefined)[]>();
  private readonly other = new Map<string, (string | undefined)[]>();

  constructor(checks: SampleChecks, operations: OperationSamples[], examples: PackageExample[]) {
    const languages = [...new Set(checks.checks.flatMap((check) => check.languages))];
    for (const block of markdownFiles(path.join(repoRoot, 'content')).flatMap((file) => extractBlocks(file, languages, { includeFragments: true }))) {
      const check = fragmentReason(block) === undefined ? sampleCheckFor(checks, block.language, block.file) : undefined;
      this.add(this.guide, block.language, applyMagicComments(block.code.replace(/\n$/, '')).code, check && sampleCheckLine({ checked: true, checkedWith: check.checkedWith }));
    }
    for (const operation of operations) {
      for (const [tab, code] of operation.samples) {
        const label = apiSampleLabel(checks, tab, { fromSpec: false, code });
        this.add(this.other, '*', code, label && sampleCheckLine(label));
      }
    }
    const validators = new Map<object, SchemaValidator>();
    for (const operation of operations) {
      if (!validators.has(operation.bundled)) validators.set(operation.bundled, schemaValidator(operation.bundled));
      for (const example of operation.responseExamples) {
        const valid = validators.get(operation.bundled)!.validate(example.schemaPointer, JSON.parse(example.code)).valid;
        const label = valid ? responseExampleLabel(checks, example.status) : undefined;
        this.add(this.other, '*', example.code, label && sampleCheckLine(label));
      }
    }
    for (const example of examples) this.add(this.other, '*', exampleCode(example.markdown).code, sampleCheckLine(packageExampleLabel(checks, example.pkg, example.markdown)));
  }

  private add(map: Map<string, (string | undefined)[]>, language: string, code: string, line: string | undefined) {
    const key = `${language}\n${code.trim()}`;
    map.set(key, [...(map.get(key) ?? []), line]);
  }

  /** The label lines the block may carry; empty when no source has it. */
  linesFor(language: string, code: string): (string | undefined)[] {
    return [...(this.guide.get(`${language}\n${code.trim()}`) ?? []), ...(this.other.get(`*\n${code.trim()}`) ?? [])];
  }
}

/** The HTML pages of a built site, with their twins. */
function pagesOf(dist: string): { html: string; twin: string }[] {
  return fs
    .readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('index.html'))
    .map((file) => {
      const folder = path.dirname(file);
      return { html: path.join(dist, file), twin: folder === '.' ? path.join(dist, 'index.md') : path.join(dist, `${folder}.md`) };
    });
}

/** The check lines of a twin, each with the line before it. */
function twinCheckLines(markdown: string): { line: string; before: string }[] {
  const lines = markdown.split('\n').map((line) => line.replace(/^(\s*>)*\s*/, ''));
  return lines.flatMap((line, index) => (line.startsWith(checkedPrefix) || line.startsWith(notCheckedPrefix) ? [{ line, before: lines[index - 1] ?? '' }] : []));
}

export function checkLabels(dist: string, checks: SampleChecks, operations: OperationSamples[], examples: PackageExample[]): LabelReport {
  const sources = new Sources(checks, operations, examples);
  const problems: string[] = [];
  const counts = new Map<string, number>();
  for (const page of pagesOf(dist)) {
    const where = path.relative(dist, page.html);
    const tree = fromHtml(fs.readFileSync(page.html, 'utf8'));
    const shown: string[] = [];
    visit(tree, 'element', (node: Element) => {
      if (!(node.properties.className as string[] | undefined)?.includes('code-block')) return;
      let code: Element | undefined;
      let label: string | undefined;
      visit(node, 'element', (inner: Element) => {
        if (inner.tagName === 'code' && !code) code = inner;
        if ((inner.properties.className as string[] | undefined)?.includes('code-block-check')) label = toString(inner).replace(/\s+/g, ' ').trim();
      });
      if (!code) return;
      const language = String(node.properties.dataLanguage ?? '');
      const expected = sources.linesFor(language, toString(code));
      if (label) {
        counts.set(label, (counts.get(label) ?? 0) + 1);
        shown.push(label);
        if (!expected.includes(label)) problems.push(`${where}: a ${language || 'plain'} block is labelled "${label}", but ${expected.some(Boolean) ? `the registry gives it "${expected.filter(Boolean).join('" or "')}"` : 'no check in the registry covers it'}`);
      } else if (expected.length && !expected.includes(undefined)) {
        problems.push(`${where}: a ${language} block the registry labels "${expected.join('" or "')}" shows no label`);
      }
    });
    if (!fs.existsSync(page.twin)) continue;
    const inTwin = twinCheckLines(fs.readFileSync(page.twin, 'utf8'));
    for (const { line, before } of inTwin) if (!/^`{3,}$/.test(before.trim())) problems.push(`${path.relative(dist, page.twin)}: "${line}" does not follow a closing fence (the line before it is "${before}")`);
    const twinLines = inTwin.map((entry) => entry.line).sort();
    if (JSON.stringify(twinLines) !== JSON.stringify([...shown].sort())) problems.push(`${path.relative(dist, page.twin)}: the twin's check lines differ from its page's labels\n  page: ${JSON.stringify(shown)}\n  twin: ${JSON.stringify(inTwin.map((entry) => entry.line))}`);
  }
  return { problems, counts };
}
