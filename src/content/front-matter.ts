import { isMap, isNode, isScalar, LineCounter, parseDocument, type Pair, visit } from 'yaml';
import { loneSurrogate } from '../util/lone-surrogate.ts';
import { aliasExpansionHint, aliasExpansionMessage, yamlValue } from '../util/yaml-value.ts';
import { z } from 'zod';
import { closest, type Diagnostics } from '../errors.ts';
import { dateHint, frontMatterDate } from './front-matter-date.ts';
import { safeRouteHint, unsafeRouteReason } from '../util/slug.ts';

// The keys writers know from Docusaurus, plus `search` (leave a page out of the search index) and
// `date` (when the page's subject happened, e.g. a release: the date of its feed entry).
export const frontMatterSchema = z.object({
  id: z.string().regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, "-" and "_"').optional(),
  title: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  // A slug becomes a folder path in the output: it may not climb out of it (see unsafeRouteReason).
  slug: z
    .string()
    .min(1)
    .superRefine((slug, context) => {
      const reason = unsafeRouteReason(slug);
      if (reason) context.addIssue({ code: 'custom', message: reason });
    })
    .optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  // Docusaurus's tags: a name, or { label, permalink }; shown under the page and searched as keywords.
  tags: z.array(z.union([z.string().min(1), z.object({ label: z.string().min(1), permalink: z.string().optional(), description: z.string().optional() })])).optional(),
  // Docusaurus passes these to a custom sidebar item; a static sidebar has no use for them.
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  draft: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  hide_table_of_contents: z.boolean().optional(),
  search: z.boolean().optional(),
  date: frontMatterDate.optional(),
  // Docusaurus's override of the git "Last updated": either part may be given alone.
  last_update: z.strictObject({ date: frontMatterDate.optional(), author: z.string().min(1).optional() }).optional(),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

const knownKeys = Object.keys(frontMatterSchema.shape);

// Characters no title or description means to hold: C0 controls but tab and line feed, DEL, C1
// controls, and half of a surrogate pair. They would reach <title> and meta tags as they are.
const controlCharacter = new RegExp(`[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]|${loneSurrogate.source}`);

export interface SplitSource {
  frontMatter: FrontMatter;
  body: string;
  /** Lines before the body starts, so Markdown positions can be mapped back to the file. */
  bodyLineOffset: number;
  /** Where the `slug` key is written, when it is: a problem with the route it makes is reported there. */
  slugAt?: { line: number; column: number };
}

/**
 * Splits `---` front matter from the body and validates it. Problems are reported with the
 * file's own line numbers; an invalid block yields empty front matter so the build can go on
 * collecting problems from other files.
 */
export function parseFrontMatter(source: string, file: string, diagnostics: Diagnostics): SplitSource {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(source);
  if (!match || match.index !== 0) {
    if (/^---[ \t]*\r?\n/.test(source)) {
      diagnostics.error({ file, line: 1, column: 1, message: 'front matter is not closed', hint: 'End the front matter with a line holding only "---".' });
    }
    return { frontMatter: {}, body: source, bodyLineOffset: 0 };
  }
  const yamlText = match[1];
  const bodyLineOffset = match[0].split('\n').length - 1;
  const body = source.slice(match[0].length);
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  // Line numbers inside the YAML are one below the file's ("---" is line 1).
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + 1, column: col };
  };

  if (document.errors.length > 0) {
    // YAML errors cascade; the first one is where the writer has to look.
    for (const error of document.errors.slice(0, 1)) {
      diagnostics.error({
        file,
        ...at(error.pos[0]),
        message: `front matter is not valid YAML: ${error.message.split('\n')[0]}`,
        hint: 'Quote values that contain ": " or start with a special character, e.g. title: "Step 1: join".',
      });
    }
    return { frontMatter: {}, body, bodyLineOffset };
  }

  const expanded = yamlValue(document);
  if ('aliasOffset' in expanded) {
    diagnostics.error({ file, ...at(expanded.aliasOffset), message: `front matter: ${aliasExpansionMessage}`, hint: aliasExpansionHint });
    return { frontMatter: {}, body, bodyLineOffset };
  }
  const data = expanded.value ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    diagnostics.error({ file, line: 2, column: 1, message: 'front matter must be a set of "key: value" lines' });
    return { frontMatter: {}, body, bodyLineOffset };
  }

  // Where a key is written: for a nested one ("last_update.date"), the innermost key there is.
  const keyLine = (...keys: PropertyKey[]) => {
    let node: unknown = document.contents;
    let found: { line: number; column: number } = { line: 2, column: 1 };
    for (const key of keys) {
      if (!isMap(node)) break;
      const pair = (node.items as Pair[]).find((item) => isScalar(item.key) && item.key.value === key);
      if (!pair || !isScalar(pair.key) || !pair.key.range) break;
      found = at(pair.key.range[0]);
      node = pair.value;
    }
    return found;
  };

  if (reportControlCharacters(document, file, at, diagnostics)) return { frontMatter: {}, body, bodyLineOffset };

  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (knownKeys.includes(key)) cleaned[key] = value;
    else {
      const suggestion = closest(key, knownKeys);
      diagnostics.warn({
        file,
        ...keyLine(key),
        message: `unknown front matter key "${key}" (ignored)`,
        hint: suggestion ? `Did you mean "${suggestion}"?` : `Known keys: ${knownKeys.join(', ')}.`,
      });
    }
  }

  const result = frontMatterSchema.safeParse(cleaned);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0]);
      const actual = issue.path.reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[part] : undefined), cleaned);
      diagnostics.error({
        file,
        ...keyLine(...issue.path),
        message: `front matter "${issue.path.join('.')}": ${issue.message.replace(/^Invalid input: /, '')}${
          actual !== undefined ? ` (got ${JSON.stringify(actual)})` : ''
        }`,
        hint:
          issue.path.at(-1) === 'date'
            ? dateHint
            : key === 'last_update'
              ? 'Write last_update: { date: 2025-03-14, author: Jane Doe } (either part may be left out).'
              : issue.code === 'invalid_type'
                ? `Write ${key}: followed by a ${issue.expected}${issue.expected === 'number' ? ', without quotes' : ''}.`
                : key === 'slug' && issue.code === 'custom'
                  ? safeRouteHint
                  : undefined,
      });
    }
    // Only the keys in error are refused: the page keeps its title and the rest (the build fails all the same).
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const kept = frontMatterSchema.safeParse(Object.fromEntries(Object.entries(cleaned).filter(([key]) => !refused.has(key))));
    return { frontMatter: kept.success ? kept.data : {}, body, bodyLineOffset };
  }
  const slugAt = result.data.slug !== undefined ? keyLine('slug') : undefined;
  return { frontMatter: result.data, body, bodyLineOffset, ...(slugAt ? { slugAt } : {}) };
}

/** Reports each string of a known key that holds a control character; true if there was one. */
function reportControlCharacters(
  document: ReturnType<typeof parseDocument>,
  file: string,
  at: (offset: number) => { line: number; column: number },
  diagnostics: Diagnostics,
): boolean {
  if (!isMap(document.contents)) return false;
  let found = false;
  for (const pair of document.contents.items as Pair[]) {
    if (!isScalar(pair.key) || !knownKeys.includes(String(pair.key.value)) || !isNode(pair.value)) continue;
    const key = String(pair.key.value);
    const keyStart = pair.key.range?.[0] ?? 0;
    visit(pair.value, {
      Scalar(_, node) {
        if (typeof node.value !== 'string') return;
        const match = controlCharacter.exec(node.value);
        if (!match) return;
        found = true;
        const point = match[0].charCodeAt(0);
        const code = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
        const kind = point >= 0xd800 ? 'half of a surrogate pair' : 'a control character';
        diagnostics.error({
          file,
          ...at(node.range?.[0] ?? keyStart),
          message: `front matter "${key}" holds ${code}, ${kind}, which would reach the page's <title>, meta tags and sidebar as it is`,
          hint: 'Delete the character (an editor may show it as a box, a "?" or "^@"), or retype the value.',
        });
      },
    });
  }
  return found;
}
