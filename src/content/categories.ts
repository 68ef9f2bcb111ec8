import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Diagnostics } from '../errors.ts';
import { readUtf8File } from './utf8.ts';

const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsible: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  className: z.string().optional(),
  link: z
    .discriminatedUnion('type', [
      z.strictObject({
        type: z.literal('generated-index'),
        slug: z.string().regex(/^\/category\/[a-z0-9-]+$/, 'a path like "/category/android"'),
        title: z.string().optional(),
        description: z.string().optional(),
        keywords: z.array(z.string()).optional(),
      }),
      z.strictObject({ type: z.literal('doc'), id: z.string().min(1) }),
    ])
    .nullable()
    .optional(),
});

export type CategoryMeta = z.infer<typeof categorySchema> & { file: string; /** Set by generated sections. */ href?: string };

/** Reads `_category_.json` in a content folder; problems are reported with the file and line. */
export function readCategory(absoluteFile: string, displayFile: string, diagnostics: Diagnostics): CategoryMeta | undefined {
  if (!fs.existsSync(absoluteFile)) return undefined;
  const text = readUtf8File(absoluteFile, displayFile, diagnostics);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
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
        hint: 'Allowed keys: label, position, collapsible, collapsed, className, link ({ type: "generated-index", slug, description } or { type: "doc", id }).',
      });
    }
    return undefined;
  }
  return { ...result.data, file: path.normalize(displayFile) };
}
