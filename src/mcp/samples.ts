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

/** The samples a `language` picks: the fence's language or the label, compared without case. */
export function samplesIn(samples: Sample[], language: string): Sample[] {
  const wanted = language.trim().toLowerCase();
  return samples.filter((sample) => sample.language.toLowerCase() === wanted || sample.label.toLowerCase() === wanted);
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
