import type { JSONOutput } from 'typedoc';

// TypeDoc ends a URL link's target at the first space, so `{@link https://x.example/a|RFC 6455}`
// (no space before the `|`) comes out as the target `https://x.example/a|RFC` and the text `6455`,
// and `{@link https://x.example/a|Spec}` as the target `https://x.example/a|Spec` with no label.
/** A link target that is a web address (`{@link https://…}`), not a symbol's name. */
export const webUrl = /^(?:http|ftp)s?:\/\//;

const urlThenLabel = new RegExp(`^(${webUrl.source.slice(1)}[^\\s|]*)\\|(.*)$`, 's');

/** Splits each URL link's target at its `|`: the URL is the target, the words after it the label. */
export function labelUrlLinks(project: JSONOutput.ProjectReflection): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const part = node as Partial<JSONOutput.InlineTagDisplayPart>;
    const split = part.kind === 'inline-tag' && typeof part.target === 'string' ? urlThenLabel.exec(part.target) : null;
    if (split) {
      const [target, url, labelStart] = split;
      // TypeDoc shows the whole target when nothing followed it.
      const labelRest = part.text === target ? '' : (part.text ?? '');
      part.target = url;
      part.text = [labelStart.trim(), labelRest.trim()].filter(Boolean).join(' ') || url;
      return;
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(project);
}
