import path from 'node:path';
import { readSampleChecks as readChecks, sampleCheckFor, type SampleCheck, type SampleChecks } from '../../src/markdown/sample-checks.ts';

// The Kotlin and Groovy verifiers take their versions from content/sample-checks.json, read by the
// same code the build uses for the labels, so the label and the check cannot disagree.

/** The checks of the site whose content folder is `contentRoot`. */
export function readSampleChecks(contentRoot: string): SampleChecks {
  return readChecks(path.dirname(contentRoot));
}

/** The check that applies to a page or folder (a path below content/) for a language, if any. */
export function checkFor(checks: SampleChecks, language: string, page: string): SampleCheck | undefined {
  return sampleCheckFor(checks, language, path.join(checks.contentRoot, page));
}

/** A pin the verifier needs, or an error that names the file and what to add. */
export function requirePin(check: SampleCheck | undefined, name: string, contentRoot: string): string {
  const value = check?.pins[name];
  if (!value) throw new Error(`${path.join(contentRoot, 'sample-checks.json')}: no "${name}" pin for these blocks\n  add "pins": { "${name}": "<version>" } to the check that covers them`);
  return value;
}
