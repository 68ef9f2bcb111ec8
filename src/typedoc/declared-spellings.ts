import ts from 'typescript';
import { type Application, Context, Converter, DeclarationReflection, MappedType, QueryType, type Reflection, ReferenceType, ReflectionType, type SignatureReflection, type SomeType, Type } from 'typedoc';

/**
 * Where TypeDoc converts a declared type from the checker's resolved type and so prints another
 * type than the declaration, the type is converted again from the declaration as written, before
 * references are resolved: the pages then show what the compiler prints for the declaration.
 */
export function keepDeclaredSpellings(app: Application): void {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context: Context) => {
    // Reflections a correction makes (the members of an object type it converts again) are
    // corrected in turn; one it replaces is no longer part of the project.
    const seen = new Set<number>();
    for (let pending = Object.values(context.project.reflections); pending.length; pending = Object.values(context.project.reflections).filter((reflection) => !seen.has(reflection.id))) {
      for (const reflection of pending) seen.add(reflection.id);
      for (const reflection of pending) correct(context, reflection);
    }
  });
}

/** Applies each correction the reflection's declaration calls for. */
function correct(context: Context, reflection: Reflection): void {
  if (!(reflection instanceof DeclarationReflection) || context.project.getReflectionById(reflection.id) !== reflection) return;
  const declarations = context.getSymbolFromReflection(reflection)?.declarations ?? [];
  const program = context.programs.find((candidate) => declarations.some((declaration) => candidate.getSourceFile(declaration.getSourceFile().fileName)));
  if (!program) return;
  keepUnresolvedHeritageNames(context, program.getTypeChecker(), reflection, declarations);
  const node = declarations.map((declaration) => (declaration as { type?: ts.Node }).type).find((type): type is ts.TypeNode => !!type && ts.isTypeNode(type));
  if (!node || !reflection.type) return;
  keepFunctionTypeAsWritten(context, program, reflection, node);
  keepMappedTypeAsWritten(context, program, reflection, node);
  keepInstantiationQueries(scopedContext(context, program, reflection), reflection.type, node);
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
 * TypeDoc converts it from the checker's signature, which resolves the return type, the types of
 * parameters (of some) and the type parameters' constraints and defaults. Those are converted
 * again from the function type node.
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
  for (const parameter of signature.parameters ?? []) {
    const declared = written.parameters.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === parameter.name);
    if (!declared?.type) continue;
    removeType(context, parameter.type);
    parameter.type = context.converter.convertType(scopedContext(context, program, parameter), declared.type);
  }
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

/**
 * A member declared with a mapped type, `{ [key in Reason]?: number }`: TypeDoc converts it from
 * the checker's type, an object of one member per key. It is converted again from the node.
 */
function keepMappedTypeAsWritten(context: Context, program: ts.Program, reflection: DeclarationReflection, node: ts.TypeNode): void {
  let written = node;
  while (ts.isParenthesizedTypeNode(written)) written = written.type;
  if (!ts.isMappedTypeNode(written) || reflection.type instanceof MappedType) return;
  removeType(context, reflection.type);
  reflection.type = context.converter.convertType(scopedContext(context, program, reflection), written);
}

/**
 * `interface A extends B` where B is imported from a module whose types are not installed: the
 * compiler prints `B` as written, TypeDoc converts the unresolved symbol and names it `unknown`.
 * Such a heritage type is named as written, with no target to link to.
 */
function keepUnresolvedHeritageNames(context: Context, checker: ts.TypeChecker, reflection: DeclarationReflection, declarations: readonly ts.Declaration[]): void {
  const written = declarations
    .flatMap((declaration) => (ts.isInterfaceDeclaration(declaration) || ts.isClassDeclaration(declaration) ? [...(declaration.heritageClauses ?? [])] : []))
    .filter((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
    .flatMap((clause) => [...clause.types]);
  const converted = reflection.extendedTypes ?? [];
  // TypeDoc keeps one heritage type per written one, in order (dropping repeated texts only).
  if (written.length !== converted.length) return;
  written.forEach((expression, index) => {
    const type = converted[index];
    if (!(type instanceof ReferenceType) || !isUnresolved(checker, expression.expression)) return;
    const named = ReferenceType.createBrokenReference(expression.expression.getText(), context.project, undefined);
    named.typeArguments = type.typeArguments;
    converted[index] = named;
  });
}

/** Whether a name refers, through its imports, to nothing the compiler found. */
function isUnresolved(checker: ts.TypeChecker, name: ts.Expression): boolean {
  const symbol = checker.getSymbolAtLocation(name);
  if (!symbol) return true;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return !target.declarations?.length;
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
