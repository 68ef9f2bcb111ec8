import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { blockLocation, type ContentBlock } from '../../helpers/content-blocks.ts';
import { parseErrors, parseTree } from '../../helpers/tree-sitter.ts';
import type { SwiftApi, SwiftMember } from './swift-api.ts';

// Checks Swift samples without a Swift compiler: each block must parse (tree-sitter's Swift
// grammar), and every use of the Pexip SDK it makes (types, initialisers with their argument
// labels, members, and `try`/`await` on throwing and async calls) must match the public API of
// the pinned SDK release. Types are followed through declarations, parameters, properties and
// call chains; what cannot be followed (closure parameters, Apple types) is not the SDK's to check.

/**
 * Apple and Swift standard types the samples may name. A name that is neither one of these, nor
 * declared on the page, nor public in the SDK fails: a misspelt or removed SDK type cannot pass
 * as an Apple type. Add a name here when a sample really uses another Apple type.
 */
const appleTypes = new Set([
  'Any', 'AnyObject', 'AnyCancellable', 'AnyPublisher', 'Array', 'Bool', 'Data', 'Date', 'Dictionary', 'DispatchQueue', 'Double', 'Error',
  'Float', 'Int', 'LocalizedError', 'Never', 'NSObject', 'ObservableObject', 'Optional', 'Published', 'Result', 'Self', 'Set', 'String',
  'Task', 'UInt', 'URL', 'URLSession', 'Void', 'CGFloat', 'CGRect', 'CGSize', 'MainActor', 'Package', 'PackageDescription',
  'UIView', 'UIViewController', 'UIApplication', 'UIViewRepresentable', 'NSView', 'NSViewController', 'View', 'App', 'Scene', 'State',
  'StateObject', 'ObservedObject', 'Binding', 'Text', 'Button', 'VStack', 'HStack', 'ZStack', 'Color', 'Image', 'TextField', 'SecureField',
  'AVAudioSession', 'AVCaptureDevice', 'Notification', 'NotificationCenter', 'Bundle', 'Logger',
]);

/** Combine operators whose output is their input's. */
const keepsOutput = new Set(['receive', 'removeDuplicates', 'dropFirst', 'filter', 'debounce', 'throttle', 'prefix', 'first', 'share', 'eraseToAnyPublisher', 'handleEvents', 'delay']);

export interface SwiftCheckResult {
  problems: string[];
  verified: number;
  /** Uses of SDK types, initialisers and members that were checked. */
  symbolsChecked: number;
}

interface Scope {
  /** Variable and property names to the type they hold (base names). */
  variables: Map<string, string>;
  /** Functions declared on the page to their return type. */
  functions: Map<string, string>;
  /** Types declared on the page. */
  localTypes: Set<string>;
}

const childrenOf = (node: Node): Node[] => node.children.filter((child): child is Node => child !== null);
/** `AnyPublisher<X, Never>?` → `AnyPublisher`, `[URL]` → `Array`. */
const baseTypeName = (text: string): string => text.replace(/<.*$/s, '').replace(/[?!\s]/g, '').replace(/^\[.*\]$/, 'Array').split('.').pop() ?? text;
const isTypeName = (name: string): boolean => /^[A-Z]/.test(name);

function descendants(node: Node, type: string): Node[] {
  return node.descendantsOfType(type).filter((child): child is Node => child !== null);
}

export async function checkSwiftBlocks(blocks: ContentBlock[], api: SwiftApi, repoRoot: string): Promise<SwiftCheckResult> {
  const problems: string[] = [];
  let symbolsChecked = 0;
  const sdk = `${api.package} ${api.version}`;

  const resolveAlias = (name: string): string => {
    const target = api.typealiases[name];
    return target ? baseTypeName(target) : name;
  };
  const sdkType = (name: string) => {
    const type = api.types[resolveAlias(name)];
    return type && type.kind !== 'extension' ? type : undefined;
  };
  /** Whether an SDK type is, inherits from or conforms to `parent`. */
  const conformsTo = (typeName: string, parent: string, seen = new Set<string>()): boolean => {
    const resolved = resolveAlias(typeName);
    if (resolved === parent) return true;
    if (seen.has(resolved)) return false;
    seen.add(resolved);
    return (api.types[resolved]?.inherits ?? []).some((entry) => conformsTo(entry, parent, seen));
  };
  /** Members named `name` on an SDK type, its protocols and superclasses, and SDK extensions. */
  const membersOf = (typeName: string, name: string, seen = new Set<string>()): SwiftMember[] => {
    const resolved = resolveAlias(typeName);
    const type = api.types[resolved];
    if (!type || seen.has(resolved)) return [];
    seen.add(resolved);
    return [...(type.members[name] ?? []), ...type.inherits.flatMap((parent) => membersOf(parent, name, seen))];
  };

  const byPage = new Map<string, ContentBlock[]>();
  for (const block of blocks) byPage.set(block.file, [...(byPage.get(block.file) ?? []), block]);

  for (const pageBlocks of byPage.values()) {
    const trees = await Promise.all(pageBlocks.map((block) => parseTree('swift', block.code)));
    // What the page declares, across its blocks (a page builds one class step by step).
    const page: Scope = { variables: new Map(), functions: new Map(), localTypes: new Set() };
    for (const tree of trees) {
      for (const declaration of [...descendants(tree.rootNode, 'class_declaration'), ...descendants(tree.rootNode, 'protocol_declaration')]) {
        if (declaration.childForFieldName('declaration_kind')?.text !== 'extension') page.localTypes.add(declaration.childForFieldName('name')?.text ?? '');
      }
      for (const declaration of descendants(tree.rootNode, 'function_declaration')) {
        const arrow = childrenOf(declaration).findIndex((child) => child.type === '->');
        const returns = arrow >= 0 ? childrenOf(declaration)[arrow + 1]?.text : undefined;
        if (returns) page.functions.set(declaration.childForFieldName('name')?.text ?? '', baseTypeName(returns));
      }
    }

    /** The type an expression holds, as a base name, or undefined when it cannot be followed. */
    const typeOf = (node: Node | null | undefined, scope: Scope): string | undefined => {
      if (!node) return undefined;
      switch (node.type) {
        case 'simple_identifier':
          return scope.variables.get(node.text) ?? page.variables.get(node.text);
        case 'try_expression':
        case 'await_expression':
          return typeOf(node.childForFieldName('expr'), scope);
        case 'tuple_expression':
        case 'parenthesized_expression':
          return childrenOf(node).length === 3 ? typeOf(childrenOf(node)[1], scope) : undefined;
        case 'call_expression': {
          const callee = childrenOf(node)[0];
          if (callee.type === 'simple_identifier') return isTypeName(callee.text) ? resolveAlias(callee.text) : page.functions.get(callee.text);
          if (callee.type === 'navigation_expression') return memberType(callee, scope, true);
          return undefined;
        }
        case 'navigation_expression':
          return memberType(node, scope, false);
        default:
          return undefined;
      }
    };
    const memberType = (navigation: Node, scope: Scope, called: boolean): string | undefined => {
      const target = navigation.childForFieldName('target');
      const name = navigation.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
      // `self.x` is a property the page declared.
      if (target?.type === 'self_expression') return name ? page.variables.get(name) : undefined;
      const owner = typeOf(target, scope);
      if (!owner || !name || !sdkType(owner)) return undefined;
      const found = membersOf(owner, name.replace(/^\$/, ''));
      if (name.startsWith('$')) return 'AnyPublisher';
      const member = found.find((entry) => (called ? entry.kind === 'func' : entry.kind === 'var')) ?? found[0];
      const written = member?.returns ?? member?.type;
      return written ? resolveAlias(baseTypeName(written)) : undefined;
    };

    /**
     * What a Combine publisher from the SDK delivers: `AnyPublisher<Event, Never>` properties and
     * `$property` of `@Published` ones, through operators that keep the output (`receive(on:)`).
     */
    const publisherOutput = (node: Node | null | undefined, scope: Scope): string | undefined => {
      if (!node) return undefined;
      if (node.type === 'call_expression') {
        const callee = childrenOf(node)[0];
        const operator = callee.type === 'navigation_expression' ? callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text : undefined;
        return operator && keepsOutput.has(operator) ? publisherOutput(callee.childForFieldName('target'), scope) : undefined;
      }
      if (node.type !== 'navigation_expression') return undefined;
      const owner = typeOf(node.childForFieldName('target'), scope);
      const name = node.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
      if (!owner || !name || !sdkType(owner)) return undefined;
      const member = membersOf(owner, name.replace(/^\$/, '')).find((entry) => entry.kind === 'var');
      if (!member?.type) return undefined;
      if (name.startsWith('$')) return member.published ? resolveAlias(baseTypeName(member.type)) : undefined;
      const output = /^AnyPublisher<\s*([\w.]+)/.exec(member.type)?.[1];
      return output ? resolveAlias(baseTypeName(output)) : undefined;
    };

    // Variables of the whole page: properties and bindings with a written or inferable type.
    const collectVariables = (root: Node, scope: Scope): void => {
      // `publisher.sink { value in … }`: the closure's parameter holds the publisher's output.
      for (const call of descendants(root, 'call_expression')) {
        const callee = childrenOf(call)[0];
        if (callee.type !== 'navigation_expression' || callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text !== 'sink') continue;
        const output = publisherOutput(callee.childForFieldName('target'), scope);
        const parameter = descendants(call, 'lambda_parameter')[0]?.childForFieldName('name')?.text;
        if (output && parameter) scope.variables.set(parameter, output);
      }
      for (const declaration of descendants(root, 'property_declaration')) {
        const annotation = childrenOf(declaration).find((child) => child.type === 'type_annotation')?.childForFieldName('name')?.text;
        for (const pattern of childrenOf(declaration).filter((child) => child.type === 'pattern')) {
          const name = pattern.childForFieldName('bound_identifier')?.text ?? pattern.text;
          const type = annotation ? resolveAlias(baseTypeName(annotation)) : typeOf(declaration.childForFieldName('value'), scope);
          if (type) scope.variables.set(name, type);
        }
      }
      for (const statement of [...descendants(root, 'guard_statement'), ...descendants(root, 'if_statement')]) {
        const parts = childrenOf(statement);
        parts.forEach((part, index) => {
          if (part.type === 'simple_identifier' && parts[index + 1]?.type === '=') {
            const type = typeOf(parts[index + 2], scope);
            if (type) scope.variables.set(part.text, type);
          }
        });
      }
      for (const parameter of descendants(root, 'parameter')) {
        const names = childrenOf(parameter).filter((child) => child.type === 'simple_identifier');
        const type = childrenOf(parameter).filter((child) => child.type !== 'simple_identifier' && child.type !== ':').pop()?.text;
        if (names.length && type) scope.variables.set(names[names.length - 1].text, resolveAlias(baseTypeName(type)));
      }
    };
    // Twice, so a variable initialised from another declared later on the page is followed too.
    for (let pass = 0; pass < 2; pass++) for (const tree of trees) collectVariables(tree.rootNode, page);

    for (const [index, block] of pageBlocks.entries()) {
      const location = (node: Node) => blockLocation(block, repoRoot, node.startPosition.row);
      for (const error of await parseErrors('swift', block.code)) problems.push(`${blockLocation(block, repoRoot, error.line - 1)}:${error.column}: ${error.message}`);
      const root = trees[index].rootNode;
      const scope: Scope = { variables: new Map(page.variables), functions: page.functions, localTypes: page.localTypes };
      const imports = descendants(root, 'import_declaration').map((node) => node.text.replace(/^import\s+/, '').trim());

      // A package manifest: the SDK dependency must require the release the page is checked against.
      if (imports.includes('PackageDescription')) {
        for (const call of descendants(root, 'call_expression').filter((node) => /pexip-swift-sdk/.test(node.text) && /^\.package\b/.test(node.text))) {
          const versions = [...call.text.matchAll(/"(\d+\.\d+\.\d+)"/g)].map((match) => match[1]);
          symbolsChecked++;
          if (!versions.includes(api.version)) problems.push(`${location(call)}: the package requires pexip-swift-sdk ${versions.join(', ') || '(no version)'}, but the page is checked against ${api.version}\n  Require exactly the checked release: .package(url: "https://github.com/pexip/pexip-swift-sdk", exact: "${api.version}")`);
          else if (!/\bexact:|\.exact\(|upToNextMinor/.test(call.text)) problems.push(`${location(call)}: \`from:\` accepts any later 0.x release of pexip-swift-sdk, and 0.x releases break the API\n  Use exact: "${api.version}" or .upToNextMinor(from: "${api.version}")`);
        }
        continue;
      }

      // Every type the block names must be the page's own, Apple's, or public in the SDK.
      const named = [
        ...descendants(root, 'type_identifier'),
        ...descendants(root, 'simple_identifier').filter((node) => isTypeName(node.text) && (node.parent?.type === 'call_expression' || node.parent?.childForFieldName('target')?.equals(node))),
      ];
      for (const node of named) {
        const name = node.text;
        if (page.localTypes.has(name) || appleTypes.has(name) || /^[A-Z]$/.test(name)) continue;
        symbolsChecked++;
        if (!sdkType(name) && !api.typealiases[name]) problems.push(`${location(node)}: \`${name}\` is not a public type of ${sdk}\n  Use a type the SDK declares (see test/verifiers/swift/pexip-swift-sdk-${api.version}.json), or add an Apple type to appleTypes in test/verifiers/swift/check-swift.ts`);
      }

      for (const call of descendants(root, 'call_expression')) {
        const callee = childrenOf(call)[0];
        const argumentNodes = childrenOf(childrenOf(call.child(1) ?? call).find((child) => child.type === 'value_arguments') ?? call).filter((child) => child.type === 'value_argument');
        const labels = argumentNodes.map((argument) => argument.childForFieldName('name')?.text ?? '_');
        /** An argument whose type is known and cannot be the parameter's (a ConferenceAddress for a String). */
        const checkArguments = (member: SwiftMember, what: string): void => {
          matchParameters(member, labels)?.forEach((parameter, index) => {
            const given = typeOf(argumentNodes[index].childForFieldName('value'), scope);
            const written = member.parameterTypes?.[parameter];
            if (!given || !written || /[<(\[&]|^some |^any /.test(written)) return;
            const expected = resolveAlias(baseTypeName(written));
            if (given === expected || conformsTo(given, expected)) return;
            if (!sdkType(given) && !sdkType(expected)) return;
            problems.push(`${location(argumentNodes[index])}: ${what} takes ${labels[index] === '_' ? 'its argument' : `\`${labels[index]}:\``} as ${written}, but the sample passes a ${given}\n  Pass a ${written} (see the SDK's declaration in test/verifiers/swift/pexip-swift-sdk-${api.version}.json)`);
          });
        };
        // An initialiser: `SdkType(label: …)`.
        if (callee.type === 'simple_identifier' && isTypeName(callee.text) && sdkType(callee.text)) {
          const inits = membersOf(callee.text, 'init').filter((member) => member.kind === 'init');
          // A class without initialisers of its own inherits its Apple superclass's (UIView()).
          const type = sdkType(callee.text)!;
          if (!inits.length && type.kind === 'class' && type.inherits.some((parent) => !sdkType(parent))) continue;
          symbolsChecked++;
          if (!inits.some((init) => labelsMatch(init, labels))) {
            const known = inits.map((init) => `init(${(init.labels ?? []).map((label) => `${label}:`).join('')})`).join(', ') || 'no public initialiser';
            problems.push(`${location(call)}: ${callee.text}(${labels.map((label) => `${label}:`).join('')}) matches no public initialiser of ${callee.text} in ${sdk}\n  It has: ${known}`);
          } else {
            const init = inits.find((entry) => labelsMatch(entry, labels))!;
            checkEffects(call, `${callee.text}.init`, init, location);
            checkArguments(init, `${callee.text}.init`);
          }
          continue;
        }
        if (callee.type !== 'navigation_expression') continue;
        const owner = typeOf(callee.childForFieldName('target'), scope);
        const name = callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
        if (!owner || !name || !sdkType(owner)) continue;
        symbolsChecked++;
        const functions = membersOf(owner, name).filter((member) => member.kind === 'func');
        const match = functions.find((member) => labelsMatch(member, labels));
        if (!match) {
          const known = functions.map((member) => `${name}(${(member.labels ?? []).map((label) => `${label}:`).join('')})`).join(', ');
          problems.push(`${location(call)}: ${owner}.${name}(${labels.map((label) => `${label}:`).join('')}) is not a public method of ${owner} in ${sdk}\n  ${known ? `It has: ${known}` : `${owner} has no method ${name}; see test/verifiers/swift/pexip-swift-sdk-${api.version}.json`}`);
        } else {
          checkEffects(call, `${owner}.${name}`, match, location);
          checkArguments(match, `${owner}.${name}`);
        }
      }

      // `switch value { case .name: … }` over an SDK enum: every case must be one of its cases.
      for (const statement of descendants(root, 'switch_statement')) {
        const owner = typeOf(statement.childForFieldName('expr'), scope);
        const type = owner ? sdkType(owner) : undefined;
        if (!owner || type?.kind !== 'enum') continue;
        for (const pattern of descendants(statement, 'switch_pattern')) {
          const first = childrenOf(pattern)[0];
          const parts = first?.type === 'pattern' ? childrenOf(first) : [];
          if (parts[0]?.type !== '.' || parts[1]?.type !== 'simple_identifier') continue;
          symbolsChecked++;
          const name = parts[1].text;
          if (!membersOf(owner, name).some((member) => member.kind === 'case')) {
            const cases = Object.values(type.members).flat().filter((member) => member.kind === 'case').map((member) => member.name);
            problems.push(`${location(pattern)}: ${owner} has no case \`.${name}\` in ${sdk}\n  Its cases: ${cases.join(', ')}`);
          }
        }
      }

      // Properties read (not called): `conference.signalingChannel`, `tracks.$mainTrack`.
      for (const navigation of descendants(root, 'navigation_expression')) {
        if (navigation.parent?.type === 'call_expression' && navigation.parent.child(0)?.equals(navigation)) continue;
        const owner = typeOf(navigation.childForFieldName('target'), scope);
        const name = navigation.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
        if (!owner || !name || !sdkType(owner)) continue;
        symbolsChecked++;
        const found = membersOf(owner, name.replace(/^\$/, ''));
        if (!found.length) problems.push(`${location(navigation)}: ${owner} has no public member \`${name}\` in ${sdk}\n  See test/verifiers/swift/pexip-swift-sdk-${api.version}.json for its members`);
        else if (name.startsWith('$') && !found.some((member) => member.published)) problems.push(`${location(navigation)}: ${owner}.${name.slice(1)} is not @Published in ${sdk}, so \`${name}\` does not exist`);
      }
    }
    trees.forEach((tree) => tree.delete());

    /** `try` on a throwing call and `await` on an async one, as the Swift compiler requires. */
    function checkEffects(call: Node, what: string, member: SwiftMember, location: (node: Node) => string): void {
      let hasTry = false;
      let hasAwait = false;
      const mark = (node: Node): void => {
        if (node.type === 'try_expression') hasTry = true;
        if (node.type === 'await_expression') hasAwait = true;
      };
      for (let node: Node | null = call.parent; node; node = node.parent) {
        mark(node);
        if (['statements', 'lambda_literal', 'function_body', 'source_file', 'class_body'].includes(node.type)) break;
      }
      // `try await a.b().c()` covers the whole chain, though the grammar hangs it on `a.b()`.
      for (let node: Node | null | undefined = call; node; ) {
        mark(node);
        if (node.type === 'call_expression') node = node.child(0);
        else if (node.type === 'navigation_expression') node = node.childForFieldName('target');
        else if (node.type === 'try_expression' || node.type === 'await_expression') node = node.childForFieldName('expr');
        else break;
      }
      if (member.async && !hasAwait) problems.push(`${location(call)}: ${what} is async in ${sdk}: the call needs \`await\`\n  Write \`${member.throws ? 'try ' : ''}await\` before the call, inside an async function or a Task`);
      if (member.throws && !hasTry) problems.push(`${location(call)}: ${what} throws in ${sdk}: the call needs \`try\`\n  Write \`try${member.async ? ' await' : ''}\` before the call and handle the error`);
    }
  }
  return { problems, verified: blocks.length, symbolsChecked };
}

/**
 * Which parameter each call argument fills, or undefined when the labels do not fit the
 * declaration (parameters with defaults may be left out).
 */
function matchParameters(member: SwiftMember, labels: string[]): number[] | undefined {
  const parameters = member.labels ?? [];
  const defaults = member.defaults ?? [];
  const filled: number[] = [];
  for (const [index, parameter] of parameters.entries()) {
    if (labels[filled.length] === parameter) filled.push(index);
    else if (!defaults[index]) return undefined;
  }
  return filled.length === labels.length ? filled : undefined;
}
const labelsMatch = (member: SwiftMember, labels: string[]): boolean => matchParameters(member, labels) !== undefined;

export const swiftApiFile = (repoRoot: string, version: string): string => path.join(repoRoot, 'test', 'verifiers', 'swift', `pexip-swift-sdk-${version}.json`);
