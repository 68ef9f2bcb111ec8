import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Diagnostics } from '../errors.ts';
import { checkProjectFile } from '../util/project-files.ts';

// `content/sample-checks.json` says, per language and content folder, what the test suite proves
// code samples against. The build shows `checkedWith` on each verified block; the verifiers read
// their `pins` from the same entry, so what readers see and what is checked cannot disagree.

const sampleCheckSchema = z.object({
  languages: z.array(z.string().min(1)).min(1),
  /** A folder or page below content/ (without extension); the most specific match wins. */
  under: z.string().min(1).optional(),
  checkedWith: z.string().min(1).max(120),
  pins: z.record(z.string(), z.string()),
});
const sampleChecksSchema = z.object({ checks: z.array(sampleCheckSchema) });

export type SampleCheck = z.infer<typeof sampleCheckSchema>;

export interface SampleChecks {
  /** The absolute content/ folder that `under` is relative to. */
  contentRoot: string;
  checks: SampleCheck[];
}

export const sampleChecksFile = 'sample-checks.json';

/** Reads `<root>/content/sample-checks.json`; without the file no block is labelled. */
export function readSampleChecks(root: string, diagnostics?: Diagnostics): SampleChecks {
  const contentRoot = path.join(root, 'content');
  const file = path.join(contentRoot, sampleChecksFile);
  const empty = { contentRoot, checks: [] };
  if (!fs.existsSync(file)) return empty;
  const where = path.relative(root, file);
  // Its labels are published on the pages: it must be a file of the project (see project-files.ts).
  const check = checkProjectFile(file, [root]);
  if (check.status === 'refused') {
    const problem = { file: where, message: `this file ${check.refusal.reason}`, hint: check.refusal.hint };
    if (diagnostics) diagnostics.error(problem);
    else throw new Error(`${where}: ${problem.message}`);
    return empty;
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(check.status === 'ok' ? check.real : file, 'utf8'));
  } catch (error) {
    const problem = { file: where, message: `not valid JSON: ${(error as Error).message}`, hint: 'Fix the JSON syntax (no comments, no trailing commas).' };
    if (diagnostics) diagnostics.error(problem);
    else throw new Error(`${where}: ${problem.message}`);
    return empty;
  }
  const parsed = sampleChecksSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const problem = { file: where, message: `${issue.path.join('.') || '(root)'}: ${issue.message}`, hint: 'Each check needs "languages" (fence names), "checkedWith" (the label, at most 120 characters) and "pins" (name to version); "under" is optional.' };
      if (diagnostics) diagnostics.error(problem);
      else throw new Error(`${where}: ${problem.message}`);
    }
    return empty;
  }
  return { contentRoot, checks: parsed.data.checks };
}

/** The check that applies to a block of `language` on the page `file` (absolute), if any. */
export function sampleCheckFor(checks: SampleChecks, language: string, file: string): SampleCheck | undefined {
  const page = path.relative(checks.contentRoot, file).split(path.sep).join('/').replace(/\.mdx?$/, '');
  let best: SampleCheck | undefined;
  let bestDepth = -1;
  for (const check of checks.checks) {
    if (!check.languages.includes(language)) continue;
    const under = check.under?.replace(/^\/+|\/+$/g, '');
    const applies = under === undefined || page === under || page.startsWith(`${under}/`);
    const depth = under === undefined ? 0 : under.split('/').length;
    if (applies && depth > bestDepth) {
      best = check;
      bestDepth = depth;
    }
  }
  return best;
}
