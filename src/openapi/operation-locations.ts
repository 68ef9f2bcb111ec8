import type { Page } from '../page.ts';
import { escapePointer } from './locate.ts';
import type { OperationEntry } from './views.ts';

/** An operation's JSON pointer in its description. */
export const operationPointer = (entry: OperationEntry) => `/${entry.webhook ? 'webhooks' : 'paths'}/${escapePointer(entry.path)}/${entry.method}`;

/**
 * Puts each operation page at its operation's line in the spec: its model says where the
 * operation is (for what its kind finds about the page: its size), and its source points there
 * too (for what is found later: its twin over the length assistants read whole, say).
 */
export function locateOperationPages(pages: Page[], locate: (pointer: string) => { file: string; line?: number }): void {
  for (const page of pages) {
    if (page.kind !== 'api-operation') continue;
    const where = locate(page.body.at.pointer);
    page.body.at = { pointer: page.body.at.pointer, ...where };
    // An operation kept in another file ($ref) is named by its pointer in the messages instead.
    if (where.file === page.source.file && where.line !== undefined) page.source = { ...page.source, line: where.line };
  }
}
