import type { Problem } from '../errors.ts';
import type { Page } from '../page.ts';
import { operationMarkup } from './api-operation.tsx';

// A small description can still make a large page: a schema with thousands of inline fields, a
// long enum in a spec with nowhere to link its full list. The pages are written whatever their
// size, but a page past the budget is said, at the operation, so the spec's authors can see it.

/** Bytes an operation page writes of its markup: once in the page, once in its page data. */
export const operationPageBudget = 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A warning for each operation page over the budget, at the operation's JSON pointer in the spec.
 * It measures the markup the kind draws (drawn once: the page job reuses it).
 */
export function pageBudgetProblems(pages: Page[], budget = operationPageBudget): Omit<Problem, 'severity'>[] {
  const problems: Omit<Problem, 'severity'>[] = [];
  for (const page of pages) {
    if (page.kind !== 'api-operation') continue;
    // The page and its data file (client-side navigation) each carry the markup.
    const bytes = 2 * Buffer.byteLength(operationMarkup(page.body.view));
    if (bytes <= budget) continue;
    const { pointer, file, line } = page.body.at;
    problems.push({
      file,
      ...(line === undefined ? {} : { line }),
      message: `at ${pointer}: the page ${page.route} is ${megabytes(bytes)} of markup and page data, over the ${megabytes(budget)} a page should be`,
      hint: 'Move large inline schemas into components/schemas (named schemas past a page\'s budget get pages of their own), and shorten long descriptions or examples.',
    });
  }
  return problems;
}
