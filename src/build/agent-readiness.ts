import { policyOf } from '../kinds/table.ts';
import type { Problem } from '../errors.ts';
import { diverges, type TwinDivergence } from '../markdown-twins/divergence.ts';
import type { LlmsFile } from '../markdown-twins/llms-txt.ts';
import { twinCharacterLimit, type TwinPart } from '../markdown-twins/split-twin.ts';
import type { Page } from '../page.ts';
import { markdownTwinOf } from '../shared/markdown-twin.ts';

/** What the checks read of one page: the page, its twin as written (an index twin when split), the parts, the divergence. */
export interface ReadyPage {
  page: Page;
  twin: string;
  parts: TwinPart[];
  divergence?: TwinDivergence;
}

/** An llms.txt longer than this is cut short by assistants that read it whole (the same limit as a twin's). */
export const llmsCharacterLimit = 50_000;

/** What every agent-readiness problem's message starts with. */
export const agentReadinessLabel = 'agent readiness: ';

const characters = (count: number) => count.toLocaleString('en-US');

/**
 * What makes the site hard for an AI assistant to read, as problems at the file (and line) to fix:
 * an llms.txt or a twin longer than assistants read whole, a page without a description (its line
 * in llms.txt says nothing), and a twin whose text has drifted from its page's beyond what twins
 * leave out by design. Warnings, errors with `portal build --strict`.
 */
export function agentReadinessProblems(pages: ReadyPage[], llms: LlmsFile[]): Omit<Problem, 'severity'>[] {
  const problems: Omit<Problem, 'severity'>[] = [];
  for (const file of llms) {
    if (!file.file.endsWith('llms.txt') || file.contents.length <= llmsCharacterLimit) continue;
    problems.push({
      file: file.file,
      message: `the built ${file.file} has ${characters(file.contents.length)} characters, over the ${characters(llmsCharacterLimit)} an assistant reads whole`,
      hint: 'It lists one line per page: shorten the longest page descriptions, or report it as a portal bug (an index that long should be split into nested llms.txt files).',
    });
  }
  for (const { page, twin, parts, divergence } of pages) {
    // Only what assistants are sent to (the 404 page's twin is not listed).
    if (!policyOf(page).llms) continue;
    const where = { file: page.source.file, ...(page.source.line !== undefined ? { line: page.source.line } : {}) };
    // A split twin was over the limit whole, and its page's HTML is then over afdocs's page-size
    // fail line too; the index twin cannot match the page either (markdown-content-parity).
    if (parts.length) {
      const whole = twin.length + parts.reduce((sum, part) => sum + part.markdown.length, 0);
      problems.push({
        ...where,
        message: `the Markdown twin of ${page.route} has about ${characters(whole)} characters, over the ${characters(twinCharacterLimit)} an assistant reads whole, so it is split into an index and ${parts.length} part${parts.length === 1 ? '' : 's'} (its HTML page is too long for assistants as well)`,
        hint: 'Split the page into shorter pages (for a changelog, one page per major version), or give its long sections subsections of their own pages.',
      });
    }
    for (const [url, text] of [[markdownTwinOf(page.route), twin], ...parts.map((part) => [`/${part.file}`, part.markdown])]) {
      if (text.length <= twinCharacterLimit) continue;
      problems.push({
        ...where,
        message: `the Markdown twin ${url} has ${characters(text.length)} characters, over the ${characters(twinCharacterLimit)} an assistant reads whole`,
        hint: 'Twins are split at their "## " sections and between their "### " entries: split the page into shorter pages, or give a long section subsections.',
      });
    }
    if (!page.description?.trim()) {
      const markdown = page.source.file.endsWith('.md') || page.source.file.endsWith('.mdx');
      problems.push({
        ...(markdown ? { file: page.source.file, line: 1 } : where),
        message: `the page ${page.route} has no description: its line in llms.txt and its twin give an assistant only its title`,
        hint: markdown
          ? 'Add a "description:" line to the front matter, one sentence saying what the page covers.'
          : 'Give the page a description where it is defined (the category\'s "description", the operation\'s "summary" or the declaration\'s doc comment).',
      });
    }
    if (divergence && diverges(divergence)) {
      problems.push({
        ...where,
        message: `the Markdown twin of ${page.route} leaves out ${divergence.missing} of the page's ${divergence.total} words (${Math.round((100 * divergence.missing) / divergence.total)}%), more than twins drop by design; missing most: ${divergence.sample.join(', ')}`,
        hint: 'Twins keep the text and drop only controls, navigation and hidden markup: mark markup meant for the screen alone with data-markdown-ignore, or report the difference as a portal bug.',
      });
    }
  }
  // One prefix, so a reader (and a tool) can tell these from the build's other warnings.
  return problems.map((problem) => ({ ...problem, message: `${agentReadinessLabel}${problem.message}` }));
}

/** Up to this many pages without a description are listed one by one; more are one line. */
export const listedMissingDescriptions = 3;

const isMissingDescription = (problem: Omit<Problem, 'severity'>) => / has no description: /.test(problem.message);

/**
 * The warnings as the build prints them: a folder moved in from elsewhere often has no descriptions
 * at all, and dozens of those lines would bury the ones that matter (a long or drifting twin), so
 * beyond a few they are one line, at the first page, with the count and the flag that lists each.
 * `listEach` (`--verbose`, and `--strict`, where each is an error to fix) keeps them all.
 */
export function readinessWarnings(problems: Omit<Problem, 'severity'>[], listEach: boolean): Omit<Problem, 'severity'>[] {
  const missing = problems.filter(isMissingDescription);
  if (listEach || missing.length <= listedMissingDescriptions) return problems;
  const [first] = missing;
  const summary = { ...first, message: `${first.message} (and ${missing.length - 1} more pages without one: "portal build --verbose" lists each)` };
  return problems.filter((problem) => !isMissingDescription(problem) || problem === first).map((problem) => (problem === first ? summary : problem));
}
