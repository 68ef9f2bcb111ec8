import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Diagnostics } from '../errors.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import { readPublishableFile } from '../util/project-files.ts';

// The registry of sample checks: `content/sample-checks.json` says, for every kind of code block
// the site shows, which check of the test suite ran on it. Guide blocks by language and content
// folder (`checks`), API request samples by tab (`apiSamples`), npm packages' @example blocks by
// their text (`packageExamples`), JSON response examples of API pages (`responseExamples`, which the
// build itself validates). The build renders each block's label from here (page and twin
// alike); the verifiers read their `pins` from the same entries and `verifier` names the test
// file that runs each check, so what readers see and what is checked cannot disagree.

const sampleCheckSchema = z.object({
  languages: z.array(z.string().min(1)).min(1),
  /** A folder or page below content/ (without extension); the most specific match wins. */
  under: z.string().min(1).optional(),
  checkedWith: z.string().min(1).max(120),
  pins: z.record(z.string(), z.string()),
  /** The test file (from the project root) that runs this check. */
  verifier: z.string().min(1).optional(),
});
const apiSampleCheckSchema = z.object({
  /** The request-sample tab values (samples.ts `sampleLanguages`, `typescript` for the client sample). */
  tabs: z.array(z.string().min(1)).min(1),
  checkedWith: z.string().min(1).max(120),
  pins: z.record(z.string(), z.string()),
  verifier: z.string().min(1),
  /**
   * The samples of these tabs that ran against a stand-in of the spec and handled every documented
   * answer (by digest, `exampleDigest`), with the label they get instead of `checkedWith`. The
   * run's test (`verifier`) holds this list to what passed; a changed sample is not in it until it
   * passes again, so it is labelled with `checkedWith` meanwhile.
   */
  run: z.object({ checkedWith: z.string().min(1).max(120), verifier: z.string().min(1), samples: z.array(z.string().regex(/^[0-9a-f]{16}$/)) }).optional(),
});
const packageExampleSchema = z.object({
  package: z.string().min(1),
  /** The example's digest (`exampleDigest`): a changed example is a new one, unchecked until the suite says otherwise. */
  example: z.string().regex(/^[0-9a-f]{16}$/),
  /** Where it is, for people: the declaration whose comment holds it. */
  symbol: z.string().min(1),
});
const packageExamplesSchema = z.object({
  /** The start of the label of the examples that compile against their package (the package and its version follow). */
  checkedWith: z.string().min(1).max(120),
  pins: z.record(z.string(), z.string()),
  verifier: z.string().min(1),
  compiled: z.array(packageExampleSchema),
  /** The examples that do not compile as they are, each with why: shown as not checked. */
  fragments: z.array(packageExampleSchema.extend({ reason: z.string().min(1) })),
});
const responseExamplesSchema = z.object({
  /** The label of a JSON response example that validated; "{status}" is replaced by the response's status. */
  checkedWith: z.string().min(1).max(120).includes('{status}'),
  pins: z.record(z.string(), z.string()),
  /** The build module that validates every response example (it runs at build time, not in the suite). */
  verifier: z.string().min(1),
  /** The test file that re-checks the build's verdicts. */
  test: z.string().min(1),
});
const sampleChecksSchema = z.object({
  checks: z.array(sampleCheckSchema),
  apiSamples: z.array(apiSampleCheckSchema).optional(),
  packageExamples: packageExamplesSchema.optional(),
  responseExamples: responseExamplesSchema.optional(),
});

const sectionHints: Record<string, string> = {
  checks: 'Each check needs "languages" (fence names), "checkedWith" (the label, at most 120 characters) and "pins" (name to version); "under" and "verifier" (the test file that runs it) are optional.',
  apiSamples: 'Each API-sample check needs "tabs" (request-sample tab values such as "python"), "checkedWith" (the label, at most 120 characters), "pins" (name to version) and "verifier" (the test file that runs it); "run" is optional: { "checkedWith": the label of the samples that ran, "verifier": the test that runs them, "samples": their digests (16 hex digits) }.',
  responseExamples: '"responseExamples" needs "checkedWith" (the label, with "{status}" where the response\'s status goes), "pins", "verifier" (the build module that validates the examples) and "test" (the test that re-checks it).',
  packageExamples: '"packageExamples" needs "checkedWith", "pins", "verifier" and the lists "compiled" and "fragments" of { "package", "example" (16 hex digits), "symbol" }, each fragment with its "reason".',
};

export type SampleCheck = z.infer<typeof sampleCheckSchema>;
export type ApiSampleCheck = z.infer<typeof apiSampleCheckSchema>;
export type PackageExamples = z.infer<typeof packageExamplesSchema>;
export type ResponseExamplesCheck = z.infer<typeof responseExamplesSchema>;

export interface SampleChecks {
  /** The absolute content/ folder that `under` is relative to. */
  contentRoot: string;
  checks: SampleCheck[];
  apiSamples?: ApiSampleCheck[];
  packageExamples?: PackageExamples;
  responseExamples?: ResponseExamplesCheck;
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
  const read = readPublishableFile(file, [root]);
  if (read.status !== 'ok') {
    const problem = read.status === 'missing' ? { file: where, message: 'broken symlink', hint: 'Remove it or fix its target.' } : { file: where, message: `this file ${read.refusal.reason}`, hint: read.refusal.hint };
    if (diagnostics) diagnostics.error(problem);
    else throw new Error(`${where}: ${problem.message}`);
    return empty;
  }
  let json: unknown;
  try {
    json = JSON.parse(read.bytes.toString('utf8'));
  } catch (error) {
    const problem = { file: where, message: `not valid JSON: ${(error as Error).message}`, hint: 'Fix the JSON syntax (no comments, no trailing commas).' };
    if (diagnostics) diagnostics.error(problem);
    else throw new Error(`${where}: ${problem.message}`);
    return empty;
  }
  const parsed = sampleChecksSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const problem = { file: where, message: `${issue.path.join('.') || '(root)'}: ${issue.message}`, hint: sectionHints[String(issue.path[0])] ?? sectionHints.checks };
      if (diagnostics) diagnostics.error(problem);
      else throw new Error(`${where}: ${problem.message}`);
    }
    return empty;
  }
  return { contentRoot, ...parsed.data };
}

/**
 * The check that applies to a block of `language` on the page `file` (absolute), if any. Only
 * the Markdown pages of content/ are what the guide verifiers read: code from anywhere else (a
 * spec's descriptions, a package's comments) is not theirs to label.
 */
export function sampleCheckFor(checks: SampleChecks, language: string, file: string): SampleCheck | undefined {
  const relative = path.relative(checks.contentRoot, path.resolve(file)).split(path.sep).join('/');
  // A folder (no extension) asks what its pages get; a file must be a Markdown page inside content/.
  if (relative.startsWith('../') || path.isAbsolute(relative) || !/^(\.mdx?)?$/.test(path.extname(relative))) return undefined;
  const page = relative.replace(/\.mdx?$/, '');
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

/** Why a spec's own sample (x-codeSamples) carries no check: the API's authors wrote it, nobody runs it. */
export const specSampleReason = 'from the API description, written by its authors';
/** Why a package's @example carries no check. */
export const packageExampleReason = "from the package's documentation";

/**
 * The label of an API request sample: for a generated one, what ran it when the record of its
 * tab's check lists it (`run`), else the check content/sample-checks.json names for its tab value;
 * nothing for a tab value no check covers (a language only the spec's own samples use), and "not
 * checked" for the spec's own samples, which no verifier runs.
 */
export function apiSampleLabel(checks: SampleChecks, tab: string | undefined, { fromSpec, code }: { fromSpec: boolean; code: string }): SampleCheckLabel | undefined {
  if (fromSpec) return { checked: false, reason: specSampleReason };
  const check = tab === undefined ? undefined : checks.apiSamples?.find((entry) => entry.tabs.includes(tab));
  if (!check) return undefined;
  const ran = check.run?.samples.includes(exampleDigest(code));
  return { checked: true, checkedWith: ran ? check.run!.checkedWith : check.checkedWith };
}

/** The API-sample check of a tab value, for its verifier; an error naming the file and the fix without one. */
export function apiSampleCheckFor(checks: SampleChecks, tab: string): ApiSampleCheck {
  const check = checks.apiSamples?.find((entry) => entry.tabs.includes(tab));
  if (!check) throw new Error(`${path.join(checks.contentRoot, sampleChecksFile)}: no "apiSamples" entry for the "${tab}" tab\n  Add { "tabs": ["${tab}"], "checkedWith": …, "pins": …, "verifier": … } saying what checks it.`);
  return check;
}

/** An @example's identity in the registry: its text as the reference shows it, digested. */
export function exampleDigest(markdown: string): string {
  return createHash('sha256').update(markdown.trim()).digest('hex').slice(0, 16);
}

/**
 * The label of one @example of a package: checked (naming the package release it was compiled
 * against) when the suite compiles it, otherwise "not checked".
 */
export function packageExampleLabel(checks: SampleChecks, pkg: { name: string; version: string }, markdown: string): SampleCheckLabel {
  const examples = checks.packageExamples;
  const digest = exampleDigest(markdown);
  const compiled = examples?.compiled.some((entry) => entry.package === pkg.name && entry.example === digest);
  return compiled ? { checked: true, checkedWith: `${examples!.checkedWith} · ${pkg.name} ${pkg.version}, with the package's own imports added` } : { checked: false, reason: packageExampleReason };
}

/**
 * The label of a JSON response example the build validated against its response's schema
 * (response-example-check.ts gives it only to those that passed); none without a registry entry.
 */
export function responseExampleLabel(checks: SampleChecks | undefined, status: string): SampleCheckLabel | undefined {
  const entry = checks?.responseExamples;
  return entry && { checked: true, checkedWith: entry.checkedWith.replaceAll('{status}', status) };
}
