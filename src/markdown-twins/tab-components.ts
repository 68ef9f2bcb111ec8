import type { Html, Paragraph, Root, RootContent } from 'mdast';
import { tabLabels } from '../markdown/plugins/html-subset.ts';

// Docusaurus's tab components as they stand in a guide's source: `<Tabs groupId>` around
// `<TabItem value label>` blocks, possibly one set inside another's tab.
const tabTag = /<(\/?)(Tabs|TabItem)\b((?:\s+[\w-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

// Docusaurus 2 named the tabs on the set: values={[{label: 'Kotlin', value: 'kotlin'}]}.
function labelsOfSet(attributes: string): Map<string, string> {
  return new Map(Object.entries(tabLabels(attribute(attributes, 'values'))));
}

/**
 * `<Tabs>`/`<TabItem>` in a twin become what the directive form becomes: each tab's content under
 * its label in bold, one tab after another, at any depth. Other HTML in the same block stays.
 */
export function resolveTabComponents(tree: Root): void {
  const sets: Map<string, string>[] = [];
  const resolve = (children: RootContent[]): RootContent[] =>
    children.flatMap((child) => {
      if (child.type !== 'html') {
        if ('children' in child) (child as { children: RootContent[] }).children = resolve(child.children as RootContent[]);
        return [child];
      }
      const value = (child as Html).value;
      if (!/<\/?(Tabs|TabItem)\b/.test(value)) return [child];
      const result: RootContent[] = [];
      let last = 0;
      const keep = (text: string) => {
        // Less the empty comments that hold the lines of a tag written across lines (jsx-tags.ts).
        text = text.replace(/^[ \t]*<!---->[ \t]*$/gm, '');
        if (text.trim()) result.push({ type: 'html', value: text.trim() });
      };
      for (const match of value.matchAll(tabTag)) {
        keep(value.slice(last, match.index));
        last = match.index + match[0].length;
        const [, closing, name, attributes] = match;
        if (name === 'Tabs') {
          if (closing) sets.pop();
          else sets.push(labelsOfSet(attributes));
          continue;
        }
        if (closing) continue;
        const tabValue = attribute(attributes, 'value');
        const label = attribute(attributes, 'label') ?? (tabValue !== undefined ? sets[sets.length - 1]?.get(tabValue) : undefined) ?? tabValue ?? 'Tab';
        result.push({ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: label }] }] } as Paragraph);
      }
      keep(value.slice(last));
      return result;
    });
  tree.children = resolve(tree.children) as Root['children'];
}
