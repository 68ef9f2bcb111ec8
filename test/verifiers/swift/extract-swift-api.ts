// Derives the public API of pexip-swift-sdk at one commit, as the Swift verifier's test data.
// Usage: node --import tsx test/verifiers/swift/extract-swift-api.ts GIT_DIR TAG > test/verifiers/swift/pexip-swift-sdk-TAG.json
// GIT_DIR is a clone of the SDK's repository (kept outside the worktree); TAG is a release tag.
// Every .swift file under Sources/ is parsed with tree-sitter's Swift grammar; what is `public` or
// `open` (and what a public protocol, enum or `public extension` makes public) is kept.
import { execFileSync } from 'node:child_process';
import type { Node } from 'web-tree-sitter';
import { parseTree } from '../../helpers/tree-sitter.ts';
import type { SwiftApi, SwiftMember, SwiftType } from './swift-api.ts';

const [gitDir, tag] = process.argv.slice(2);
if (!gitDir || !tag) {
  console.error('Usage: extract-swift-api.ts GIT_DIR TAG');
  process.exit(2);
}
const git = (...args: string[]): string => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const commit = git('rev-list', '-n', '1', tag).trim();
const files = git('ls-tree', '-r', '--name-only', commit, 'Sources').split('\n').filter((file) => file.endsWith('.swift'));

const types: Record<string, SwiftType> = {};
const typealiases: Record<string, string> = {};
const unparsed: string[] = [];

const childrenOf = (node: Node): Node[] => node.children.filter((child): child is Node => child !== null);
const modifierWords = (node: Node): string[] => {
  const modifiers = childrenOf(node).find((child) => child.type === 'modifiers');
  return modifiers ? childrenOf(modifiers).flatMap((modifier) => (modifier.type === 'attribute' ? [] : [modifier.text.replace(/\(.*\)/, '')])) : [];
};
const isPublic = (words: string[]): boolean => words.includes('public') || words.includes('open');
const isHidden = (words: string[]): boolean => words.some((word) => ['private', 'fileprivate', 'internal'].includes(word));
/** `AnyPublisher<X, Never>?` → `AnyPublisher`; `PexipCore.Logger` → `Logger`. */
export const baseTypeName = (text: string): string => text.replace(/<.*$/s, '').replace(/[?!\s]/g, '').replace(/^\[.*\]$/, 'Array').split('.').pop() ?? text;

function typeEntry(name: string, kind: string, module: string): SwiftType {
  types[name] ??= { kind, module, inherits: [], members: {} };
  if (kind !== 'extension' && types[name].kind === 'extension') Object.assign(types[name], { kind, module });
  return types[name];
}

function addMember(type: SwiftType, member: SwiftMember): void {
  (type.members[member.name] ??= []).push(member);
}

/** Parameters of a function or initialiser: argument labels and which have defaults. */
function parameters(node: Node): { labels: string[]; defaults: boolean[]; parameterTypes: string[] } {
  const labels: string[] = [];
  const defaults: boolean[] = [];
  const parameterTypes: string[] = [];
  const children = childrenOf(node);
  children.forEach((child, index) => {
    if (child.type !== 'parameter') return;
    const external = child.childForFieldName('external_name')?.text;
    const name = child.childForFieldName('name')?.text ?? '_';
    labels.push(external ?? name);
    defaults.push(children[index + 1]?.type === '=');
    const parts = childrenOf(child);
    parameterTypes.push(parts[parts.findIndex((part) => part.type === ':') + 1]?.text ?? '');
  });
  return { labels, defaults, parameterTypes };
}

function returnType(node: Node): string | undefined {
  const arrow = childrenOf(node).findIndex((child) => child.type === '->');
  return arrow >= 0 ? childrenOf(node)[arrow + 1]?.text : undefined;
}

function member(node: Node, bodyPublic: boolean, implicitPublic: boolean): SwiftMember[] {
  const words = modifierWords(node);
  const visible = isPublic(words) || (implicitPublic && !isHidden(words));
  if (!visible || !bodyPublic) return [];
  const isStatic = words.includes('static') || words.includes('class');
  const tokens = childrenOf(node).map((child) => child.type);
  switch (node.type) {
    case 'function_declaration':
    case 'protocol_function_declaration': {
      const name = node.childForFieldName('name')?.text ?? '';
      return [{ kind: 'func', name, ...parameters(node), async: tokens.includes('async'), throws: tokens.includes('throws') || tokens.includes('rethrows'), returns: returnType(node), static: isStatic }];
    }
    case 'init_declaration':
      return [{ kind: 'init', name: 'init', ...parameters(node), async: tokens.includes('async'), throws: tokens.includes('throws'), failable: tokens.includes('?'), static: true }];
    case 'property_declaration':
    case 'protocol_property_declaration': {
      const names = childrenOf(node).filter((child) => child.type === 'pattern');
      const annotation = childrenOf(node).find((child) => child.type === 'type_annotation')?.childForFieldName('name')?.text;
      const wrapper = /@Published\b/.test(childrenOf(node).find((child) => child.type === 'modifiers')?.text ?? '');
      const getter = childrenOf(node).find((child) => child.type === 'computed_property' || child.type === 'protocol_property_requirements')?.text ?? '';
      return names.map((pattern) => ({ kind: 'var', name: pattern.childForFieldName('bound_identifier')?.text ?? pattern.text, type: annotation, published: wrapper, async: /\bget\s+async/.test(getter), throws: /\bget\s+(async\s+)?throws/.test(getter), static: isStatic }));
    }
    case 'subscript_declaration':
      return [{ kind: 'subscript', name: 'subscript', ...parameters(node), returns: returnType(node), static: isStatic }];
    default:
      return [];
  }
}

function visitType(node: Node, module: string, outer: string | undefined, outerPublic: boolean): void {
  const words = modifierWords(node);
  const kind = node.childForFieldName('declaration_kind')?.text ?? (node.type === 'protocol_declaration' ? 'protocol' : node.type);
  const rawName = node.childForFieldName('name')?.text ?? '';
  const isExtension = kind === 'extension';
  const name = isExtension ? baseTypeName(rawName) : outer ? `${outer}.${rawName}` : rawName;
  const published = isExtension ? true : outerPublic && isPublic(words);
  if (!published) return;
  const type = typeEntry(name, kind, module);
  for (const inherit of childrenOf(node).filter((child) => child.type === 'inheritance_specifier')) {
    const parent = baseTypeName(inherit.text);
    if (!type.inherits.includes(parent)) type.inherits.push(parent);
  }
  const body = node.childForFieldName('body');
  if (!body) return;
  // Protocol requirements and enum cases share the type's visibility; so do members of `public extension`.
  const implicit = kind === 'protocol' || (isExtension && isPublic(words));
  for (const child of childrenOf(body)) {
    if (child.type === 'class_declaration' || child.type === 'protocol_declaration') visitType(child, module, name, true);
    else if (child.type === 'enum_entry') {
      childrenOf(child).forEach((part, index, parts) => {
        if (part.type !== 'simple_identifier') return;
        const payload = parts[index + 1]?.type === 'enum_type_parameters' ? parts[index + 1].text : undefined;
        addMember(type, { kind: 'case', name: part.text, payload, static: true });
      });
    } else if (child.type === 'typealias_declaration') {
      if (isPublic(modifierWords(child)) || implicit) addMember(type, { kind: 'typealias', name: child.childForFieldName('name')?.text ?? '', static: true });
    } else for (const entry of member(child, true, implicit)) addMember(type, entry);
  }
}

for (const file of files) {
  const module = file.split('/')[1];
  const tree = await parseTree('swift', git('show', `${commit}:${file}`));
  if (tree.rootNode.hasError) unparsed.push(file);
  for (const node of childrenOf(tree.rootNode)) {
    if (node.type === 'class_declaration' || node.type === 'protocol_declaration') visitType(node, module, undefined, true);
    else if (node.type === 'typealias_declaration' && isPublic(modifierWords(node))) {
      const target = childrenOf(node).filter((child) => child.type !== 'modifiers').pop()?.text ?? '';
      typealiases[node.childForFieldName('name')?.text ?? ''] = target;
    }
  }
  tree.delete();
}
// Extensions of types the SDK does not declare (Foundation, WebRTC) stay, marked as such, so a
// sample's use of them can still be checked.
const api: SwiftApi = {
  package: 'pexip-swift-sdk',
  version: tag,
  commit,
  madeWith: `node --import tsx test/verifiers/swift/extract-swift-api.ts <clone of pexip/pexip-swift-sdk> ${tag}: every Sources/**/*.swift parsed with tree-sitter-swift (tree-sitter-wasms 0.1.13); public and open declarations, public protocol requirements, enum cases and public-extension members kept`,
  filesParsed: files.length,
  filesWithParseErrors: unparsed,
  typealiases: Object.fromEntries(Object.entries(typealiases).sort()),
  types: Object.fromEntries(Object.entries(types).sort(([a], [b]) => a.localeCompare(b))),
};
process.stdout.write(`${JSON.stringify(api, null, 1)}\n`);
