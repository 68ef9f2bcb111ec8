import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Point } from 'unist';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

export interface UnclosedDirective {
  start: Point;
  message: string;
  note: string;
}

/**
 * A `:::name` container with no closing fence runs on to the end of whatever holds it (for a
 * top-level one, the rest of the page), hiding everything after it inside the block: an error
 * at its opening line saying how much it would take, never a page that silently lost its text.
 */
export function remarkUnclosedDirectives() {
  return (tree: Root, file: VFile) => {
    for (const unclosed of unclosedDirectives(tree, String(file.value))) {
      const message = file.message(unclosed.message, unclosed.start);
      message.fatal = true;
      message.note = unclosed.note;
    }
  };
}

/**
 * The containers of `tree` (parsed from `source`, offsets intact) that are never closed; also
 * run on each partial's own parse (markdown/pipeline.ts), whose text is not the page's.
 * Closed means the container's last line is a fence of at least as many colons as its opening;
 * a container ended by its parent's fence (or the end of a quote or the page) stops short of it.
 */
export function unclosedDirectives(tree: Root, source: string): UnclosedDirective[] {
  const found: UnclosedDirective[] = [];
  visit(tree, 'containerDirective', (node: ContainerDirective) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    const fence = /^:+/.exec(source.slice(start))?.[0] ?? ':::';
    const lastLine = source.slice(source.lastIndexOf('\n', end - 1) + 1, end);
    if (new RegExp(`^[\\s>]*:{${fence.length},}\\s*$`).test(lastLine)) return;
    const inside = source.slice(start, end).replace(/\n\s*$/, '').split('\n').length - 1;
    found.push({
      start: node.position!.start,
      message: `\`${fence}${node.name}\` opened here is never closed; it would swallow ${inside} line${inside === 1 ? '' : 's'} after it`,
      note: `add a line holding only \`${fence}\` where the block should end`,
    });
  });
  return found;
}
