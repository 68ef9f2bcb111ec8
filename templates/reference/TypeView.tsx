import { Fragment, type ReactNode } from 'react';
import type { JSONOutput } from 'typedoc';

type SomeType = JSONOutput.SomeType;
type Signature = JSONOutput.SignatureReflection;
type Parameter = JSONOutput.ParameterReflection;

/** How reference templates turn a type reference into a link (undefined: shown as a name). */
export type ResolveReference = (type: Extract<SomeType, { type: 'reference' }>) => string | undefined;

const join = (items: ReactNode[], separator: ReactNode) =>
  items.map((item, index) => (
    <Fragment key={index}>
      {index > 0 && separator}
      {item}
    </Fragment>
  ));

/**
 * The type a declaration shows. TypeDoc keeps the members of an alias of an object literal
 * (`type UIError = { reason: string }`) on the alias itself, with no `type`: that object is the type.
 */
export function declaredType(declaration: JSONOutput.DeclarationReflection): SomeType | undefined {
  if (declaration.type) return declaration.type;
  if (declaration.children?.length || declaration.indexSignatures?.length) return { type: 'reflection', declaration };
  return undefined;
}

/** A member name as TypeScript spells it: quoted unless it is an identifier (`'data-testid'`). */
export const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const isFunctionType = (type: SomeType) => type.type === 'reflection' && !!type.declaration.signatures?.length;

/** A TypeScript type as code, with links to the pages of the types it names. */
export function TypeView({ type, resolve, depth = 0 }: { type: SomeType | undefined; resolve: ResolveReference; depth?: number }): ReactNode {
  if (!type) return <span className="tok-type">unknown</span>;
  const inner = (child: SomeType | undefined, wrap = false) => {
    const node = <TypeView type={child} resolve={resolve} depth={depth + 1} />;
    return wrap && child && (child.type === 'union' || child.type === 'intersection' || child.type === 'conditional' || isFunctionType(child)) ? <>({node})</> : node;
  };
  switch (type.type) {
    case 'intrinsic':
      return <span className="tok-type">{type.name}</span>;
    case 'literal':
      return <span className="tok-literal">{typeof type.value === 'object' && type.value ? `${type.value.negative ? '-' : ''}${type.value.value}n` : JSON.stringify(type.value)}</span>;
    case 'reference': {
      const href = resolve(type);
      const name = href ? <a href={href}>{type.name}</a> : <span className="tok-type">{type.name}</span>;
      return (
        <>
          {name}
          {type.typeArguments?.length ? <>&lt;{join(type.typeArguments.map((arg) => inner(arg)), ', ')}&gt;</> : null}
        </>
      );
    }
    case 'array':
      return <>{inner(type.elementType, true)}[]</>;
    case 'union':
      // `(() => void) | null`: without the parentheses the union would be the return type.
      return <>{join(type.types.map((t) => (isFunctionType(t) ? inner(t, true) : inner(t))), ' | ')}</>;
    case 'intersection':
      return <>{join(type.types.map((t) => inner(t, true)), ' & ')}</>;
    case 'tuple':
      return <>[{join((type.elements ?? []).map((t) => inner(t)), ', ')}]</>;
    case 'namedTupleMember':
      return (
        <>
          {type.name}
          {type.isOptional ? '?' : ''}: {inner(type.element)}
        </>
      );
    case 'optional':
      return <>{inner(type.elementType, true)}?</>;
    case 'rest':
      return <>...{inner(type.elementType, true)}</>;
    case 'query':
      return <>typeof {inner(type.queryType)}</>;
    case 'typeOperator':
      return (
        <>
          {type.operator} {inner(type.target, true)}
        </>
      );
    case 'indexedAccess':
      return (
        <>
          {inner(type.objectType, true)}[{inner(type.indexType)}]
        </>
      );
    case 'conditional':
      return (
        <>
          {inner(type.checkType, true)} extends {inner(type.extendsType)} ? {inner(type.trueType)} : {inner(type.falseType)}
        </>
      );
    case 'mapped':
      return (
        <>
          {'{ '}
          {type.readonlyModifier === '+' ? 'readonly ' : ''}[{type.parameter} in {inner(type.parameterType)}
          {type.nameType ? <> as {inner(type.nameType)}</> : null}]{type.optionalModifier === '+' ? '?' : type.optionalModifier === '-' ? '-?' : ''}: {inner(type.templateType)}
          {' }'}
        </>
      );
    case 'templateLiteral':
      return (
        <>
          `{type.head}
          {type.tail.map(([t, text], index) => (
            <Fragment key={index}>
              ${'{'}
              {inner(t)}
              {'}'}
              {text}
            </Fragment>
          ))}
          `
        </>
      );
    case 'predicate':
      return (
        <>
          {type.asserts ? 'asserts ' : ''}
          {type.name}
          {type.targetType ? <> is {inner(type.targetType)}</> : null}
        </>
      );
    case 'inferred':
      return <>infer {type.name}</>;
    case 'reflection':
      return <ReflectionType declaration={type.declaration} resolve={resolve} depth={depth} />;
    case 'unknown':
      return <span className="tok-type">{type.name}</span>;
    default:
      return <span className="tok-type">unknown</span>;
  }
}

const sourceOrder = (member: JSONOutput.DeclarationReflection) => {
  const source = member.sources?.[0];
  return source ? source.line * 10_000 + source.character : 0;
};

/** An inline object or function type. Deep nesting is cut off so a page stays readable. */
function ReflectionType({ declaration, resolve, depth }: { declaration: JSONOutput.DeclarationReflection; resolve: ResolveReference; depth: number }) {
  // TypeDoc sorts members alphabetically; an object type reads as it was declared.
  const members = [...(declaration.children ?? [])].sort((a, b) => sourceOrder(a) - sourceOrder(b));
  const index = declaration.indexSignatures ?? [];
  const calls = declaration.signatures ?? [];
  // One call signature and nothing else is a function type; overloads (or calls beside members)
  // are an object type with call signatures, `{ (a: A): R; (b: B): S }`.
  if (calls.length === 1 && members.length === 0 && index.length === 0) return <SignatureType signature={calls[0]} resolve={resolve} arrow />;
  if (members.length === 0 && index.length === 0 && calls.length === 0) return <>{'{}'}</>;
  if (depth > 3) return <>{'{ … }'}</>;
  const pad = '  '.repeat(depth + 1);
  return (
    <>
      {'{'}
      {index.map((signature) => (
        <Fragment key={signature.id}>
          {'\n'}
          {pad}
          <IndexSignature signature={signature} resolve={resolve} depth={depth + 1} />;
        </Fragment>
      ))}
      {calls.map((signature) => (
        <Fragment key={signature.id}>
          {'\n'}
          {pad}
          <SignatureType signature={signature} resolve={resolve} />;
        </Fragment>
      ))}
      {members.map((member) => (
        <Fragment key={member.id}>
          {'\n'}
          {pad}
          {member.flags.isReadonly ? 'readonly ' : ''}
          {propertyName(member.name)}
          {member.flags.isOptional ? '?' : ''}
          {member.signatures?.length ? (
            <SignatureType signature={member.signatures[0]} resolve={resolve} />
          ) : (
            <>
              : <TypeView type={member.type} resolve={resolve} depth={depth + 1} />
            </>
          )}
          ;
        </Fragment>
      ))}
      {'\n'}
      {'  '.repeat(depth)}
      {'}'}
    </>
  );
}

/** `[key: string]: T` */
export function IndexSignature({ signature, resolve, depth = 0 }: { signature: Signature; resolve: ResolveReference; depth?: number }) {
  const key = signature.parameters?.[0];
  return (
    <>
      {signature.flags.isReadonly ? 'readonly ' : ''}[{key?.name}: <TypeView type={key?.type} resolve={resolve} depth={depth} />]: <TypeView type={signature.type} resolve={resolve} depth={depth} />
    </>
  );
}

/** `<T>(a: A, b?: B): R`, or with `arrow`, `(a: A) => R`. */
export function SignatureType({ signature, resolve, arrow, name }: { signature: Signature; resolve: ResolveReference; arrow?: boolean; name?: string }) {
  return (
    <>
      {name}
      {signature.typeParameters?.length ? <TypeParameters parameters={signature.typeParameters} resolve={resolve} /> : null}(
      {join(
        (signature.parameters ?? []).map((parameter: Parameter) => (
          <Fragment key={parameter.id}>
            {parameter.flags.isRest ? '...' : ''}
            {parameter.name}
            {parameter.flags.isOptional || parameter.defaultValue !== undefined ? '?' : ''}: <TypeView type={parameter.type} resolve={resolve} depth={1} />
          </Fragment>
        )),
        ', ',
      )}
      ){arrow ? ' => ' : ': '}
      <TypeView type={signature.type} resolve={resolve} depth={1} />
    </>
  );
}

export function TypeParameters({ parameters, resolve }: { parameters: JSONOutput.TypeParameterReflection[]; resolve: ResolveReference }) {
  return (
    <>
      &lt;
      {join(
        parameters.map((parameter) => (
          <Fragment key={parameter.id}>
            {parameter.name}
            {parameter.type ? <> extends <TypeView type={parameter.type} resolve={resolve} /></> : null}
            {parameter.default ? <> = <TypeView type={parameter.default} resolve={resolve} /></> : null}
          </Fragment>
        )),
        ', ',
      )}
      &gt;
    </>
  );
}
