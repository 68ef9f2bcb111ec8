import type { Problem } from '../errors.ts';
import type { Page } from '../page.ts';
import { escapePointer } from './locate.ts';
import type { OperationEntry } from './views.ts';

// A small description can still make a large page: a schema with thousands of inline fields, a
// long enum in a spec with nowhere to link its full list. The pages are written whatever their
// size, but a page past the budget is said, at the operation, so the spec's authors can see it.

/** Bytes of an operation's markup and view (its HTML and page data are both made from them). */
export const operationPageBudget = 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Puts each operation page's source at its operation's line in the spec, so what is found about
 * the page later (its twin over the length assistants read whole, say) points there too.
 */
export function locateOperationPages(pages: Page[], operations: OperationEntry[], routeOf: (entry: OperationEntry) => string, locate: (pointer: string) => { file: string; line?: number }): void {
  const byRoute = new Map(operations.map((entry) => [routeOf(entry), entry]));
  for (const page of pages) {
    const entry = page.kind === 'api-operation' ? byRoute.get(page.route) : undefined;
    if (!entry) continue;
    const where = locate(operationPointer(entry));
    // An operation kept in another file ($ref) is named by its pointer in the messages instead.
    if (where.file === page.source.file && where.line !== undefined) page.source = { ...page.source, line: where.line };
  }
}

const operationPointer = (entry: OperationEntry) => `/${entry.webhook ? 'webhooks' : 'paths'}/${escapePointer(entry.path)}/${entry.method}`;

/** A warning for each operation page over the budget, at the operation's JSON pointer in the spec. */
export function pageBudgetProblems(pages: Page[], operations: OperationEntry[], routeOf: (entry: OperationEntry) => string, locate: (pointer: string) => { file: string; line?: number }, budget = operationPageBudget): Omit<Problem, 'severity'>[] {
  const byRoute = new Map(operations.map((entry) => [routeOf(entry), entry]));
  const problems: Omit<Problem, 'severity'>[] = [];
  for (const page of pages) {
    if (page.kind !== 'api-operation') continue;
    const entry = byRoute.get(page.route);
    // The page data holds the view (and the twin is made from it): the markup and the view together.
    const bytes = Buffer.byteLength(page.body.html) + Buffer.byteLength(JSON.stringify(page.body.view));
    if (!entry || bytes <= budget) continue;
    const pointer = operationPointer(entry);
    problems.push({
      ...locate(pointer),
      message: `at ${pointer}: the page ${page.route} is ${megabytes(bytes)} of markup and page data, over the ${megabytes(budget)} a page should be`,
      hint: 'Move large inline schemas into components/schemas (named schemas past a page\'s budget get pages of their own), and shorten long descriptions or examples.',
    });
  }
  return problems;
}
