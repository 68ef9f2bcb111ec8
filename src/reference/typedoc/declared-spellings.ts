import ts from 'typescript';
import { type Application, Context, Converter, DeclarationReflection, QueryType, type Reflection, ReflectionType, type SignatureReflection, type SomeType, Type } from 'typedoc';

/**
 * Where TypeDoc converts a declared type from the checker's resolved type and so prints another
 * type than the declaration, the type is converted again from the declaration as written, before
 * references are resolved: the pages then show what the compiler prints for the declaration.
 */
export function keepDeclaredSpellings(app: Application): void {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context: Context) => {
    const reflections = Object.values(context.project.reflections);
    for (const reflection of reflections) {
      // A reflection a correction before it replaced is no longer part of the project.
      if (!(reflection instanceof DeclarationReflection) || !reflection.type || context.project.getReflectionById(reflection.id) !== reflection) continue;
      const node = declaredTypeNode(context, reflection);
      if (!node) continue;
      const program = context.programs.find((candidate) => candidate.getSourceFile(node.getSourceFile().fileName));
      if (!program) continue;
      keepFunctionTypeAsWritten(context, program, reflection, node);
      keepInstantiationQueries(scopedContext(context, program, reflection), reflection.type, node);
    }
  });
}

/** The type node a declaration of the reflection's symbol is written with, if any. */
function declaredTypeNode(context: Context, reflection: DeclarationReflection): ts.TypeNode | undefined {
  return context
    .getSymbolFromReflection(reflection)
    ?.declarations?.map((declaration) => (declaration as { type?: ts.Node }).type)
    .find((type): type is ts.TypeNode => !!type && ts.isTypeNode(type));
}

/**
 * A context converting within `scope` with `program` active. After conversion TypeDoc's context
 * has no active program (which converting a reference needs) and can only narrow its scope by
 * one level; `setActiveProgram` and the id-to-symbol map are TypeDoc internals, pinned with it.
 */
function scopedContext(context: Context, program: ts.Program, scope: Reflection): Context {
  const scoped = new Context(context.converter, context.programs, context.project, scope);
  const internals = scoped as unknown as { setActiveProgram(program: ts.Program): void; reflectionIdToSymbolMap: unknown };
  internals.setActiveProgram(program);
  internals.reflectionIdToSymbolMap = (context as unknown as { reflectionIdToSymbolMap: unknown }).reflectionIdToSymbolMap;
  return scoped;
}

/** Every type within `type`, itself first; object and function types are reflections of their own. */
function* typesWithin(type: SomeType): Generator<SomeType> {
  yield type;
  if (type instanceof ReflectionType) return;
  for (const value of Object.values(type)) {
    for (const item of Array.isArray(value) ? value.flat() : [value]) if (item instanceof Type) yield* typesWithin(item as SomeType);
  }
}

/** Takes a converted type out of the project: the reflections of its object and function types. */
function removeType(context: Context, type: SomeType | undefined): void {
  for (const within of type ? typesWithin(type) : []) if (within instanceof ReflectionType) context.project.removeReflection(within.declaration);
}

/**
 * A member declared with a function type, `open: <K extends Name>(name: K) => Promise<Reply<K>>`:
 * TypeDoc converts it from the checker's signature, which keeps the parameter types as written
 * but resolves the return type and the type parameters' constraints and defaults. Those are
 * converted again from the function type node.
 */
function keepFunctionTypeAsWritten(context: Context, program: ts.Program, reflection: DeclarationReflection, node: ts.TypeNode): void {
  let written = node;
  while (ts.isParenthesizedTypeNode(written)) written = written.type;
  if (!ts.isFunctionTypeNode(written) || !(reflection.type instanceof ReflectionType)) return;
  const signatures = reflection.type.declaration.signatures ?? [];
  if (signatures.length !== 1 || !written.type) return;
  const signature: SignatureReflection = signatures[0];
  const scoped = scopedContext(context, program, signature);
  removeType(context, signature.type);
  signature.type = context.converter.convertType(scoped, written.type);
  for (const parameter of signature.typeParameters ?? []) {
    const declared = written.typeParameters?.find((candidate) => candidate.name.text === parameter.name);
    if (!declared) continue;
    if (declared.constraint) {
      removeType(context, parameter.type);
      parameter.type = context.converter.convertType(scoped, declared.constraint);
    }
    if (declared.default) {
      removeType(context, parameter.default);
      parameter.default = context.converter.convertType(scoped, declared.default);
    }
  }
}

/** The `typeof f<T>` queries of a declared type, as written. */
function instantiationQueries(node: ts.Node): ts.TypeQueryNode[] {
  const found: ts.TypeQueryNode[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isTypeQueryNode(child) && child.typeArguments?.length) found.push(child);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/**
 * Keeps the type arguments of an instantiation expression in a type query, `typeof f<T>`: TypeDoc
 * converts the query to `typeof f`, a different type. The arguments are converted from the
 * declaration as written and put on the query's reference, which shows them as `f<T>`.
 */
function keepInstantiationQueries(context: Context, type: SomeType, node: ts.TypeNode): void {
  const written = instantiationQueries(node);
  if (written.length === 0) return;
  const queries = [...typesWithin(type)].filter((within): within is QueryType => within instanceof QueryType && !within.queryType.typeArguments);
  for (const query of written) {
    // Matched by the queried name, in order: TypeDoc keeps the queries it converts in source order.
    const index = queries.findIndex((candidate) => candidate.queryType.name === query.exprName.getText());
    if (index < 0) continue;
    const [converted] = queries.splice(index, 1);
    converted.queryType.typeArguments = query.typeArguments!.map((argument) => context.converter.convertType(context, argument));
  }
}
