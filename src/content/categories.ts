import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { loneSurrogateHint, loneSurrogatesOf } from '../util/lone-surrogate.ts';
import { z } from 'zod';
import type { Diagnostics } from '../errors.ts';
import { readUtf8File } from '../util/utf8.ts';

const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsible: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  className: z.string().optional(),
  // Docusaurus keys with no effect on a static sidebar: accepted so a moved folder builds.
  key: z.string().optional(),
  customProps: z.record(z.string(), z.unknown()).optional(),
  description: z.string().optional(),
  link: categoryLinkSchema(),
});

/** A category's `link`, as `_category_.json` and `sidebars.js` write it. */
export function categoryLinkSchema() {
  return z
    .discriminatedUnion('type', [
      z.strictObject({
        type: z.literal('generated-index'),
        // Without a slug, Docusaurus derives "/category/<label>"; so does the sidebar builder.
        // Docusaurus also takes it without the leading "/" ("guides/overview").
        slug: z
          .string()
          .regex(/^\/?[A-Za-z0-9_/-]+$/, 'a path like "/category/android"')
          .transform((slug) => (slug.startsWith('/') ? slug : `/${slug}`))
          .optional(),
        title: z.string().optional(),
        description: z.string().optional(),
        keywords: z.array(z.string()).optional(),
      }),
      z.strictObject({ type: z.literal('doc'), id: z.string().min(1) }),
    ])
    .nullable()
    .optional();
}

export type CategoryMeta = z.infer<typeof categorySchema> & { file: string; /** Set by generated sections. */ href?: string };

/** The category file of a folder: `_category_.json`, or the YAML forms Docusaurus also reads. */
export function categoryFileOf(folder: string): string | undefined {
  return ['_category_.json', '_category_.yml', '_category_.yaml'].map((name) => path.join(folder, name)).find((file) => fs.existsSync(file));
}

/** Reads a `_category_` file of a content folder; problems are reported with the file and line. */
export function readCategory(absoluteFile: string, displayFile: string, diagnostics: Diagnostics, roots: readonly string[]): CategoryMeta | undefined {
  if (!fs.existsSync(absoluteFile)) return undefined;
  const text = readUtf8File(absoluteFile, displayFile, diagnostics, roots);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    // An empty file is an empty category, as Docusaurus reads it.
    if (text.trim() === '') data = {};
    else if (/\.ya?ml$/.test(absoluteFile)) data = parseYaml(text) ?? {};
    else data = JSON.parse(text);
  } catch (error) {
    if (/\.ya?ml$/.test(absoluteFile)) {
      const position = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      diagnostics.error({ file: displayFile, line: position?.line, column: position?.col, message: `not valid YAML: ${(error as Error).message.split('\n')[0]}`, hint: 'Write one "key: value" per line, e.g. label: Guides.' });
      return undefined;
    }
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    const before = text.slice(0, offset).split('\n');
    diagnostics.error({
      file: displayFile,
      line: before.length,
      column: before[before.length - 1].length + 1,
      message: `not valid JSON: ${(error as Error).message.replace(/^.*?: /, '').split(' in JSON')[0]}`,
      hint: 'Check for a trailing comma or a missing quote; _category_.json is plain JSON (no comments).',
    });
    return undefined;
  }
  const result = categorySchema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      diagnostics.error({
        file: displayFile,
        message: `${issue.path.join('.') || 'category'}: ${issue.message}`,
        hint: 'Allowed keys: label, position, collapsible, collapsed, className, key, customProps, description, link ({ type: "generated-index", slug, description } or { type: "doc", id }).',
      });
    }
    return undefined;
  }
  const surrogates = loneSurrogatesOf(result.data);
  for (const { key, code } of surrogates) diagnostics.error({ file: displayFile, message: `${key}: holds ${code}, half of a surrogate pair, which no page or search index can hold`, hint: loneSurrogateHint });
  if (surrogates.length) return undefined;
  return { ...result.data, file: path.normalize(displayFile) };
}
