// The samples an API's authors wrote into the spec (Redoc's `x-codeSamples`, or the older
// `x-code-samples`): `{ lang, label?, source }` per sample. They are shown before the generated
// ones, in the tab of the reader's language when `lang` names one we generate.

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

export function specCodeSamples(operation: object): SpecCodeSample[] {
  const record = operation as Record<string, unknown>;
  const list = record['x-codeSamples'] ?? record['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { lang, label, source } = item as { lang?: unknown; label?: unknown; source?: unknown };
    if (typeof source !== 'string' || typeof lang !== 'string') return [];
    const known = languages[lang.trim().toLowerCase()];
    return [{ label: typeof label === 'string' && label.trim() ? label.trim() : lang, value: known?.value, language: known?.highlight ?? lang.toLowerCase(), code: source.replace(/\n$/, '') }];
  });
}
