import type { JSONOutput } from 'typedoc';

// How the npm reference spells a TypeScript type, as pieces of text: the page draws them (a link
// or a highlighted span each, templates/reference/TypeView.tsx), the Markdown twin writes their
// text, so the two cannot spell a type differently.

type SomeType = JSONOutput.SomeType;
type Signature = JSONOutput.SignatureReflection;
type Declaration = JSONOutput.DeclarationReflection;

/** A piece of a type as code: text, a type name linked to its page, or a highlighted name or literal. */
export type TypeToken = string | { text: string; href: string } | { text: string; className: 'tok-type' | 'tok-literal' };

/** How a type reference becomes a link (undefined: shown as a name). */
export type ResolveReference = (type: Extract<SomeType, { type: 'reference' }>) => string | undefined;

/** The code text of some pieces. */
export const tokensText = (tokens: TypeToken[]): string => tokens.map((token) => (typeof token === 'string' ? token : token.text)).join('');

const join = (items: TypeToken[][], separator: string): TypeToken[] => items.flatMap((item, index) => (index > 0 ? [separator, ...item] : item));

/**
 * The type a declaration shows. TypeDoc keeps the members of an alias of an object literal
 * (`type UIError = { reason: string }`) on the alias itself, with no `type`: that object is the type.
 */
export function declaredType(declaration: Declaration): SomeType | undefined {
  if (declaration.type) return declaration.type;
  if (declaration.children?.length || declaration.indexSignatures?.length) return { type: 'reflection', declaration };
  return undefined;
}

/** A member name as TypeScript spells it: quoted unless it is an identifier (`'data-testid'`). */
export const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const isFunctionType = (type: SomeType) => type.type === 'reflection' && !!type.declaration.signatures?.length;

const typeName = (text: string): TypeToken => ({ text, className: 'tok-type' });

/** A TypeScript type as code, its referenced types linked where `resolve` knows their pages. */
export function typeTokens(type: SomeType | undefined, resolve: ResolveReference, depth = 0): TypeToken[] {
  if (!type) return [typeName('unknown')];
  const inner = (child: SomeType | undefined, wrap = false): TypeToken[] => {
    const tokens = typeTokens(child, resolve, depth + 1);
    return wrap && child && (child.type === 'union' || child.type === 'intersection' || child.type === 'conditional' || isFunctionType(child)) ? ['(', ...tokens, ')'] : tokens;
  };
  switch (type.type) {
    case 'intrinsic':
      return [typeName(type.name)];
    case 'literal':
      return [{ text: typeof type.value === 'object' && type.value ? `${type.value.negative ? '-' : ''}${type.value.value}n` : JSON.stringify(type.value), className: 'tok-literal' }];
    case 'reference': {
      const href = resolve(type);
      const name: TypeToken = href ? { text: type.name, href } : typeName(type.name);
      return type.typeArguments?.length ? [name, '<', ...join(type.typeArguments.map((argument) => inner(argument)), ', '), '>'] : [name];
    }
    case 'array':
      return [...inner(type.elementType, true), '[]'];
    case 'union':
      // `(() => void) | null`: without the parentheses the union would be the return type.
      return join(type.types.map((member) => (isFunctionType(member) ? inner(member, true) : inner(member))), ' | ');
    case 'intersection':
      return join(type.types.map((member) => inner(member, true)), ' & ');
    case 'tuple':
      return ['[', ...join((type.elements ?? []).map((element) => inner(element)), ', '), ']'];
    case 'namedTupleMember':
      return [type.name, type.isOptional ? '?' : '', ': ', ...inner(type.element)];
    case 'optional':
      return [...inner(type.elementType, true), '?'];
    case 'rest':
      return ['...', ...inner(type.elementType, true)];
    case 'query':
      return ['typeof ', ...inner(type.queryType)];
    case 'typeOperator':
      return [type.operator, ' ', ...inner(type.target, true)];
    case 'indexedAccess':
      return [...inner(type.objectType, true), '[', ...inner(type.indexType), ']'];
    case 'conditional':
      return [...inner(type.checkType, true), ' extends ', ...inner(type.extendsType), ' ? ', ...inner(type.trueType), ' : ', ...inner(type.falseType)];
    case 'mapped':
      return [
        '{ ',
        type.readonlyModifier === '+' ? 'readonly ' : '',
        `[${type.parameter} in `,
        ...inner(type.parameterType),
        ...(type.nameType ? [' as ', ...inner(type.nameType)] : []),
        `]${type.optionalModifier === '+' ? '?' : type.optionalModifier === '-' ? '-?' : ''}: `,
        ...inner(type.templateType),
        ' }',
      ];
    case 'templateLiteral':
      return ['`', type.head, ...type.tail.flatMap(([part, text]) => ['${', ...inner(part), '}', text]), '`'];
    case 'predicate':
      return [type.asserts ? 'asserts ' : '', type.name, ...(type.targetType ? [' is ', ...inner(type.targetType)] : [])];
    case 'inferred':
      return [`infer ${type.name}`];
    case 'reflection':
      return reflectionTokens(type.declaration, resolve, depth);
    case 'unknown':
      return [typeName(type.name)];
    default:
      return [typeName('unknown')];
  }
}

const sourceOrder = (member: Declaration) => {
  const source = member.sources?.[0];
  return source ? source.line * 10_000 + source.character : 0;
};

/** An inline object or function type. Deep nesting is cut off so a page stays readable. */
function reflectionTokens(declaration: Declaration, resolve: ResolveReference, depth: number): TypeToken[] {
  // TypeDoc sorts members alphabetically; an object type reads as it was declared.
  const members = [...(declaration.children ?? [])].sort((a, b) => sourceOrder(a) - sourceOrder(b));
  const index = declaration.indexSignatures ?? [];
  const calls = declaration.signatures ?? [];
  // One call signature and nothing else is a function type; overloads (or calls beside members)
  // are an object type with call signatures, `{ (a: A): R; (b: B): S }`.
  if (calls.length === 1 && members.length === 0 && index.length === 0) return signatureTokens(calls[0], resolve, { arrow: true });
  if (members.length === 0 && index.length === 0 && calls.length === 0) return ['{}'];
  if (depth > 3) return ['{ … }'];
  const pad = `\n${'  '.repeat(depth + 1)}`;
  return [
    '{',
    ...index.flatMap((signature) => [pad, ...indexSignatureTokens(signature, resolve, depth + 1), ';']),
    ...calls.flatMap((signature) => [pad, ...signatureTokens(signature, resolve), ';']),
    ...members.flatMap((member) => [
      pad,
      member.flags.isReadonly ? 'readonly ' : '',
      propertyName(member.name),
      member.flags.isOptional ? '?' : '',
      ...(member.signatures?.length ? signatureTokens(member.signatures[0], resolve) : [': ', ...typeTokens(member.type, resolve, depth + 1)]),
      ';',
    ]),
    `\n${'  '.repeat(depth)}}`,
  ];
}

/** `[key: string]: T` */
export function indexSignatureTokens(signature: Signature, resolve: ResolveReference, depth = 0): TypeToken[] {
  const key = signature.parameters?.[0];
  return [signature.flags.isReadonly ? 'readonly ' : '', `[${key?.name ?? ''}: `, ...typeTokens(key?.type, resolve, depth), ']: ', ...typeTokens(signature.type, resolve, depth)];
}

/** `<T>(a: A, b?: B): R`, or with `arrow`, `(a: A) => R`; with `name`, `name<T>(a: A): R`. */
export function signatureTokens(signature: Signature, resolve: ResolveReference, { arrow = false, name }: { arrow?: boolean; name?: string } = {}): TypeToken[] {
  const parameters = (signature.parameters ?? []).map((parameter): TypeToken[] => [
    `${parameter.flags.isRest ? '...' : ''}${parameter.name}${parameter.flags.isOptional || parameter.defaultValue !== undefined ? '?' : ''}: `,
    ...typeTokens(parameter.type, resolve, 1),
  ]);
  return [name ?? '', ...(signature.typeParameters?.length ? typeParameterTokens(signature.typeParameters, resolve) : []), '(', ...join(parameters, ', '), arrow ? ') => ' : '): ', ...typeTokens(signature.type, resolve, 1)];
}

/** `<T extends U = V, …>` */
export function typeParameterTokens(parameters: JSONOutput.TypeParameterReflection[], resolve: ResolveReference): TypeToken[] {
  const each = parameters.map((parameter): TypeToken[] => [
    parameter.name,
    ...(parameter.type ? [' extends ', ...typeTokens(parameter.type, resolve)] : []),
    ...(parameter.default ? [' = ', ...typeTokens(parameter.default, resolve)] : []),
  ]);
  return ['<', ...join(each, ', '), '>'];
}
