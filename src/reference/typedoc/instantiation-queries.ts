import ts from 'typescript';
import { type Application, type Context, Converter, DeclarationReflection, QueryType, ReflectionType, type SomeType, Type } from 'typedoc';

/** Every type within `type`, itself first; object and function types are reflections of their own. */
function* typesWithin(type: SomeType): Generator<SomeType> {
  yield type;
  if (type instanceof ReflectionType) return;
  for (const value of Object.values(type)) {
    for (const item of Array.isArray(value) ? value.flat() : [value]) if (item instanceof Type) yield* typesWithin(item as SomeType);
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
export function keepInstantiationQueries(app: Application): void {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context: Context) => {
    for (const reflection of Object.values(context.project.reflections)) {
      if (!(reflection instanceof DeclarationReflection) || !reflection.type) continue;
      const declared = context
        .getSymbolFromReflection(reflection)
        ?.declarations?.map((declaration) => (declaration as { type?: ts.TypeNode }).type)
        .find((type): type is ts.TypeNode => !!type && ts.isTypeNode(type));
      const written = declared ? instantiationQueries(declared) : [];
      if (written.length === 0) continue;
      const queries = [...typesWithin(reflection.type)].filter((type): type is QueryType => type instanceof QueryType && !type.queryType.typeArguments);
      for (const node of written) {
        // Matched by the queried name, in order: TypeDoc keeps the queries it converts as written.
        const name = node.exprName.getText();
        const index = queries.findIndex((query) => query.queryType.name === name);
        if (index < 0) continue;
        const [query] = queries.splice(index, 1);
        query.queryType.typeArguments = node.typeArguments!.map((argument) => context.converter.convertType(context, argument));
      }
    }
  });
}
