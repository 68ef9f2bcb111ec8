import type { Code, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from '../visit.ts';

/**
 * Docusaurus's `npm2yarn` remark plugin: a code block whose meta holds `npm2yarn` becomes a tab
 * set of the npm command and its yarn and pnpm forms (group "npm2yarn", so the reader's choice
 * holds across the site), as the tab directives do (tabs.ts).
 */
export function remarkNpm2Yarn() {
  return (tree: Root) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined || !/(^|\s)npm2yarn(\s|$)/.test(node.meta ?? '')) return;
      const meta = (node.meta ?? '').replace(/(^|\s)npm2yarn(?=\s|$)/, ' ').trim() || null;
      const tab = (value: string, label: string, code: string): ContainerDirective => ({
        type: 'containerDirective',
        name: 'tab',
        attributes: { value, label },
        children: [{ type: 'code', lang: node.lang, meta, value: code, position: node.position } as Code],
      });
      const set: ContainerDirective = {
        type: 'containerDirective',
        name: 'tabs',
        attributes: { group: 'npm2yarn' },
        children: [tab('npm', 'npm', node.value), tab('yarn', 'Yarn', toYarn(node.value)), tab('pnpm', 'pnpm', toPnpm(node.value))],
        position: node.position,
      };
      parent.children.splice(index, 1, set as never);
    });
  };
}

/** The yarn form of each `npm` command line, as the plugin converts it. */
export function toYarn(commands: string): string {
  return commands.replace(/^(\s*)npm (.*)$/gm, (_, indent: string, rest: string) => {
    const words = rest.split(/\s+/);
    const [verb, ...args] = words;
    if ((verb === 'install' || verb === 'i') && args.filter((arg) => !arg.startsWith('-')).length === 0) return `${indent}yarn${args.length ? ` ${args.join(' ')}` : ''}`.replace(/ --save-dev| -D/, ' --dev');
    if (verb === 'install' || verb === 'i' || verb === 'add') return `${indent}yarn add ${args.join(' ').replace(/--save-dev|(^|\s)-D(?=\s|$)/, '$1--dev').replace(/--save(\s|$)/, '').trim()}`;
    if (verb === 'uninstall' || verb === 'remove') return `${indent}yarn remove ${args.join(' ')}`;
    if (verb === 'run' || verb === 'run-script') return `${indent}yarn ${args.join(' ')}`;
    if (verb === 'ci') return `${indent}yarn install --frozen-lockfile`;
    return `${indent}yarn ${rest}`;
  });
}

/** The pnpm form of each `npm` command line. */
export function toPnpm(commands: string): string {
  return commands.replace(/^(\s*)npm (.*)$/gm, (_, indent: string, rest: string) => {
    const [verb, ...args] = rest.split(/\s+/);
    if ((verb === 'install' || verb === 'i') && args.some((arg) => !arg.startsWith('-'))) return `${indent}pnpm add ${args.join(' ').replace(/--save-dev/, '-D').replace(/--save(\s|$)/, '').trim()}`;
    if (verb === 'ci') return `${indent}pnpm install --frozen-lockfile`;
    return `${indent}pnpm ${rest}`;
  });
}
