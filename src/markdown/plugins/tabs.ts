import type { Element, ElementContent, Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

/**
 * Tabs written as directives (the Markdown form of Docusaurus's `<Tabs>`):
 *
 *     ::::tabs{group="code-language"}
 *     :::tab[Kotlin]{value="kotlin"}
 *     …
 *     :::
 *     ::::
 *
 * become the same tab set nodes as `<Tabs groupId>`/`<TabItem value label>` (html-subset.ts).
 */
export function remarkTabDirectives() {
  return (tree: MdastRoot, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective, index, parent) => {
      if (node.name === 'tab' && parent?.type === 'containerDirective' && parent.name === 'tabs') return;
      if (node.name === 'tab') {
        file.message('":::tab" stands outside a "::::tabs" block; wrap the tabs in "::::tabs" … "::::"', node);
        return;
      }
      if (node.name !== 'tabs') return;
      node.data = { hName: 'div', hProperties: { dataTabSet: '', dataTabGroup: node.attributes?.group ?? undefined } };
      for (const child of node.children) {
        if (child.type !== 'containerDirective' || child.name !== 'tab') {
          file.message('only ":::tab" blocks belong in "::::tabs"; this content is shown before the tabs', child);
          continue;
        }
        const first = child.children[0];
        let label = child.attributes?.label ?? undefined;
        if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
          label = toString(first);
          child.children.shift();
        }
        const value = child.attributes?.value ?? label;
        if (!value) file.message('a ":::tab" needs a label, as ":::tab[Kotlin]" (and a value for a group: {value="kotlin"})', child);
        child.data = { hName: 'div', hProperties: { dataTabItem: '', dataTabValue: value, dataTabLabel: label ?? value, dataTabDefault: child.attributes && 'default' in child.attributes ? '' : undefined } };
      }
      // The walk goes on into the tabs: a tab may hold a tab set of its own.
    });
  };
}

/**
 * A tab set (`div[data-tab-set]` holding `div[data-tab-item]`s) as the markup of
 * templates/reference/Tabs.tsx: the ARIA tabs pattern, every panel readable without JavaScript,
 * and `data-tab-group`/`data-tab-value` for the client's tab memory.
 */
export function rehypeTabs() {
  return (tree: Root, file: VFile) => {
    const sets: { node: Element; parent: Element | Root }[] = [];
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.properties.dataTabSet !== undefined && parent) sets.push({ node, parent: parent as Element | Root });
    });
    // Ids follow the page's order; sets are built innermost first, so a set inside a tab is
    // already a tab set of its own when the tab around it becomes a panel.
    const ids = new Map(sets.map(({ node }, position) => [node, `tab-set-${position + 1}`]));
    for (const { node, parent } of sets.reverse()) {
      const index = parent.children.indexOf(node);
      if (index < 0) continue;
      const items = node.children.filter((child): child is Element => child.type === 'element' && child.properties.dataTabItem !== undefined);
      const strays = node.children.filter((child) => !items.includes(child as Element) && !(child.type === 'text' && !child.value.trim()));
      if (items.length === 0) {
        file.message('a tab set without tabs is shown as it is; add <TabItem> or ":::tab" blocks', node);
        parent.children.splice(index, 1, ...node.children);
        continue;
      }
      const id = ids.get(node)!;
      const defaultValue = node.properties.dataTabDefaultValue;
      const chosen = Math.max(0, items.findIndex((item) => item.properties.dataTabDefault !== undefined || (defaultValue !== undefined && item.properties.dataTabValue === defaultValue)));
      const setLabels = node.properties.dataTabLabels ? (JSON.parse(String(node.properties.dataTabLabels)) as Record<string, string>) : {};
      const group = node.properties.dataTabGroup ? String(node.properties.dataTabGroup) : undefined;
      const label = (item: Element) => {
        const value = item.properties.dataTabValue === undefined ? undefined : String(item.properties.dataTabValue);
        const own = item.properties.dataTabLabel === undefined ? undefined : String(item.properties.dataTabLabel);
        return (own !== value ? own : undefined) ?? (value && setLabels[value]) ?? own ?? value ?? `Tab ${items.indexOf(item) + 1}`;
      };
      const set: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['tabs'], dataTabs: '', dataTabGroup: group },
        children: [
          {
            type: 'element',
            tagName: 'div',
            properties: { className: ['tab-list'], role: 'tablist', ariaLabel: items.map(label).join(', ') },
            children: items.map((item, position): Element => ({
              type: 'element',
              tagName: 'button',
              properties: {
                type: 'button',
                role: 'tab',
                id: `${id}-tab-${position}`,
                ariaControls: [`${id}-panel-${position}`],
                ariaSelected: position === chosen ? 'true' : 'false',
                tabIndex: position === chosen ? 0 : -1,
                className: ['tab'],
                dataTabValue: item.properties.dataTabValue === undefined ? undefined : String(item.properties.dataTabValue),
              },
              children: [{ type: 'text', value: label(item) }],
            })),
          },
          ...items.map(
            (item, position): Element => ({
              type: 'element',
              tagName: 'div',
              properties: { className: ['tab-panel'], role: 'tabpanel', id: `${id}-panel-${position}`, ariaLabelledBy: [`${id}-tab-${position}`], hidden: position !== chosen },
              children: [{ type: 'element', tagName: 'p', properties: { className: ['tab-panel-label'] }, children: [{ type: 'text', value: label(item) }] }, ...item.children],
            }),
          ),
        ],
      };
      parent.children.splice(index, 1, ...(strays as ElementContent[]), set);
    }
  };
}
