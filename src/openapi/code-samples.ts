// The samples an API's authors wrote into the spec (Redoc's `x-codeSamples`, or the older
// `x-code-samples`): `{ lang, label?, source }` per sample. They are shown before the generated
// ones, in the tab of the reader's language when `lang` names one we generate.

import { highlightsLanguage } from '../markdown/plugins/code-blocks.ts';

export interface SpecCodeSample {
  label: string;
  value?: string;
  /** The highlighter's language name. */
  language: string;
  code: string;
}

/** Redoc's `lang` (any case, a few spellings) -> our tab value and highlighter language. */
const languages: Record<string, { value: string; highlight: string }> = {
  curl: { value: 'curl', highlight: 'bash' },
  shell: { value: 'curl', highlight: 'bash' },
  bash: { value: 'curl', highlight: 'bash' },
  sh: { value: 'curl', highlight: 'bash' },
  javascript: { value: 'javascript', highlight: 'js' },
  js: { value: 'javascript', highlight: 'js' },
  node: { value: 'node', highlight: 'js' },
  'node.js': { value: 'node', highlight: 'js' },
  nodejs: { value: 'node', highlight: 'js' },
  typescript: { value: 'typescript', highlight: 'ts' },
  ts: { value: 'typescript', highlight: 'ts' },
  python: { value: 'python', highlight: 'python' },
  python3: { value: 'python', highlight: 'python' },
  go: { value: 'go', highlight: 'go' },
  golang: { value: 'go', highlight: 'go' },
  java: { value: 'java', highlight: 'java' },
  kotlin: { value: 'kotlin', highlight: 'kotlin' },
  swift: { value: 'swift', highlight: 'swift' },
  'c#': { value: 'csharp', highlight: 'csharp' },
  csharp: { value: 'csharp', highlight: 'csharp' },
  cs: { value: 'csharp', highlight: 'csharp' },
};

/** Something wrong with one of an operation's own samples: `pointer` is relative to the operation. */
export interface CodeSampleProblem {
  pointer: string;
  message: string;
  hint: string;
}

const sampleShape = 'Each sample is { lang: Python, label: optional tab title, source: the code as a string }.';

export function specCodeSamples(operation: object): SpecCodeSample[] {
  return readCodeSamples(operation).samples;
}

/**
 * An operation's own samples, and what is wrong with them. A sample that can be shown is shown
 * (one without `lang`, or in a language we do not highlight, as plain text); one without code
 * is left out. Either way the problem is named, so nothing disappears without a word.
 */
export function readCodeSamples(operation: object): { samples: SpecCodeSample[]; problems: CodeSampleProblem[] } {
  const record = operation as Record<string, unknown>;
  const key = 'x-codeSamples' in record ? 'x-codeSamples' : 'x-code-samples';
  const list = record[key];
  const problems: CodeSampleProblem[] = [];
  if (list === undefined) return { samples: [], problems };
  if (!Array.isArray(list)) {
    problems.push({ pointer: key, message: `${key} is ${describe(list)}, not a list of samples; none is shown`, hint: `Write ${key} as a list (each item starting with "- "). ${sampleShape}` });
    return { samples: [], problems };
  }
  const samples = list.flatMap((item, index): SpecCodeSample[] => {
    const at = `${key}/${index}`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ pointer: at, message: `${key} item ${index} is ${describe(item)}, not a sample; it is not shown`, hint: sampleShape });
      return [];
    }
    const { lang, label, source } = item as { lang?: unknown; label?: unknown; source?: unknown };
    if (typeof source !== 'string' || !source.trim()) {
      problems.push({ pointer: `${at}/source`, message: `${key} item ${index} has ${source === undefined ? 'no "source"' : `a "source" that is ${describe(source)}`}; the sample is not shown`, hint: `Give the sample's code as a string, e.g. "source: |" followed by the code on the lines below it. ${sampleShape}` });
      return [];
    }
    const name = typeof label === 'string' && label.trim() ? label.trim() : undefined;
    const code = source.replace(/\n$/, '');
    if (typeof lang !== 'string' || !lang.trim()) {
      problems.push({ pointer: `${at}/lang`, message: `${key} item ${index} has ${lang === undefined ? 'no "lang"' : `a "lang" that is ${describe(lang)}`}; it is shown as plain text`, hint: `Name the sample's language, e.g. "lang: Python", so it is highlighted and shown in the reader's language tab.` });
      return [{ label: name ?? 'Sample', language: 'text', code }];
    }
    const known = languages[lang.trim().toLowerCase()];
    if (known) return [{ label: name ?? lang, value: known.value, language: known.highlight, code }];
    const language = lang.trim().toLowerCase();
    if (highlightsLanguage(language)) return [{ label: name ?? lang, language, code }];
    problems.push({ pointer: `${at}/lang`, message: `${key} item ${index} has the lang "${lang}", which is not a language we know; it is shown as plain text`, hint: `Use one of ${Object.keys(languages).join(', ')}, or another language highlight.js knows (ruby, php, rust, ...).` });
    return [{ label: name ?? lang, language: 'text', code }];
  });
  return { samples, problems };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return value.trim() ? `the text "${value.length > 30 ? `${value.slice(0, 30)}…` : value}"` : 'empty';
  return `the ${typeof value} ${String(value)}`;
}
