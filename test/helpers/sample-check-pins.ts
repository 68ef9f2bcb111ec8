import fs from 'node:fs';
import path from 'node:path';

// content/sample-checks.json says which versions each language's blocks are checked with (the
// label readers see, and the pins the verifier must use), so the label and the check cannot
// disagree. The most specific `under` that contains a page wins; no `under` means everywhere.

export interface SampleCheck {
  languages: string[];
  under?: string;
  checkedWith: string;
  pins: Record<string, string>;
}

export function readSampleChecks(contentRoot: string): SampleCheck[] {
  const file = path.join(contentRoot, 'sample-checks.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { checks?: SampleCheck[] };
  if (!Array.isArray(parsed.checks)) throw new Error(`${file}: expected { "checks": [...] }`);
  return parsed.checks;
}

/** The check that applies to a page (a path below content/) for a language, if any. */
export function checkFor(checks: SampleCheck[], language: string, page: string): SampleCheck | undefined {
  const normalized = page.split(path.sep).join('/');
  return checks
    .filter((check) => check.languages.includes(language))
    .filter((check) => !check.under || normalized === check.under || normalized.startsWith(`${check.under.replace(/\/$/, '')}/`))
    .sort((a, b) => (b.under?.length ?? 0) - (a.under?.length ?? 0))[0];
}

/** A pin the verifier needs, or an error that names the file and what to add. */
export function requirePin(check: SampleCheck | undefined, name: string, contentRoot: string): string {
  const value = check?.pins[name];
  if (!value) throw new Error(`${path.join(contentRoot, 'sample-checks.json')}: no "${name}" pin for these blocks\n  add "pins": { "${name}": "<version>" } to the check that covers them`);
  return value;
}
