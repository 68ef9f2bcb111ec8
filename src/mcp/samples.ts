import type { Code, Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { fence } from '../shared/markdown-fence.ts';
// The starts of the line a twin writes right after a code block: the twin's contract with agents.
import { checkedPrefix, notCheckedPrefix } from '../shared/sample-check.ts';

export interface Sample {
  /** 1-based, in the order the page shows them. */
  index: number;
  language: string;
  /** The heading the sample stands under (or its tab label), for telling samples apart. */
  label: string;
  code: string;
  /** The twin's check line as written, or undefined when the twin states none. */
  check?: string;
}

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Every fenced code block of a twin, with the check line that follows it, if any. */
export function twinSamples(markdown: string): Sample[] {
  const lines = markdown.split('\n');
  const samples: Sample[] = [];
  let heading = '';
  visit(parser.parse(markdown) as Root, (node) => {
    if (node.type === 'heading') heading = toString(node as Heading);
    if (node.type !== 'code') return;
    const code = node as Code;
    const end = code.position?.end.line ?? 0;
    // The check line comes right after the closing fence; a blank line between is tolerated.
    const next = lines.slice(end, end + 2).find((line) => line.trim() !== '')?.trim();
    const check = next && (next.startsWith(checkedPrefix) || next.startsWith(notCheckedPrefix)) ? next : undefined;
    samples.push({ index: samples.length + 1, language: code.lang ?? '', label: code.meta ?? heading, code: code.value, ...(check ? { check } : {}) });
  });
  return samples;
}

/** Common names of a language, each to one name: what a reader types for a fence's language or a tab. */
const languageNames: Record<string, string[]> = {
  typescript: ['ts', 'tsx', 'typescript'],
  javascript: ['js', 'jsx', 'mjs', 'javascript', 'node', 'nodejs', 'node.js'],
  python: ['py', 'python', 'python3'],
  shell: ['sh', 'bash', 'shell', 'zsh', 'console', 'curl'],
  go: ['go', 'golang'],
  csharp: ['cs', 'c#', 'csharp', 'dotnet', '.net'],
  kotlin: ['kt', 'kotlin'],
  java: ['java'],
  swift: ['swift'],
  ruby: ['rb', 'ruby'],
  php: ['php'],
};
const languageOf = new Map(Object.entries(languageNames).flatMap(([language, names]) => names.map((name) => [name, language] as const)));
const canonical = (name: string) => languageOf.get(name) ?? name;

/**
 * The samples a `language` picks, compared without case, by the first of these that picks any:
 * a tab label as shown ("TypeScript (@pexip/vpaas-api)"), a label without its parenthesis
 * ("TypeScript"), the fence's language ("ts"), and a common name of either ("py", "node", "TypeScript").
 */
export function samplesIn<T extends { language: string; label: string }>(samples: T[], language: string): T[] {
  const wanted = language.trim().toLowerCase();
  const label = (sample: T) => sample.label.trim().toLowerCase();
  const labelBase = (sample: T) => label(sample).replace(/\s*\(.*\)$/, '');
  const tiers: ((sample: T) => boolean)[] = [
    (sample) => label(sample) === wanted,
    (sample) => labelBase(sample) === wanted,
    (sample) => sample.language.toLowerCase() === wanted,
    (sample) => [sample.language.toLowerCase(), labelBase(sample)].some((name) => canonical(name) === canonical(wanted)),
  ];
  for (const picks of tiers) {
    const picked = samples.filter(picks);
    if (picked.length) return picked;
  }
  return [];
}

export function formatSample(sample: Sample, route: string): string {
  return [
    `Sample ${sample.index} of ${route}${sample.label ? ` (${sample.label})` : ''}, ${sample.language || 'no language given'}:`,
    '',
    fence(sample.code, sample.language),
    '',
    `Check: ${sample.check ?? 'not stated (the page says nothing about whether this sample was run)'}`,
  ].join('\n');
}

export function sampleList(samples: Sample[], route: string): string {
  return [
    `${samples.length} samples on ${route}; call get_sample again with "index" (or "language") to get one:`,
    ...samples.map((sample) => `${sample.index}. ${sample.language || 'no language'}${sample.label ? `, ${sample.label}` : ''}: ${sample.code.split('\n')[0].slice(0, 80)}${sample.check ? ` [${sample.check}]` : ''}`),
  ].join('\n');
}
