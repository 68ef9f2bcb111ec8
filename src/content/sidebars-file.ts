import type TypeScript from 'typescript';
import type { Diagnostics } from '../errors.ts';
import { type Literal, literalOfNode, loadTypeScript, NotData } from '../util/literal-value.ts';

/**
 * A Docusaurus `sidebars.js` / `sidebars.ts`, read as data and never run: the TypeScript parser
 * reads the file, and the exported value must be literals (objects, arrays, strings, numbers,
 * booleans), possibly through `const`s declared above it and `as`/`satisfies` types. Type-only
 * imports and `// @ts-check` comments are what such files hold besides; anything else (a
 * `require`, a function call, a loop) is an error at its line naming it.
 */
export interface SidebarsFile {
  /** Shown in messages, relative to the project root. */
  file: string;
  /** Each sidebar by its id, in the file's order. */
  sidebars: Map<string, SidebarEntry[]>;
  /** Where each entry object stands in the file, for messages about it. */
  at: WeakMap<object, { line: number; column: number }>;
}

/** One entry as Docusaurus takes it: a doc id, a shorthand category object, or a typed item. */
export type SidebarEntry = string | { [key: string]: Literal };

const fixHint =
  'portal reads sidebars.js without running it: write the sidebars as plain data (objects, arrays, strings), exported with `module.exports = …` or `export default …`; a `const` declared above the export may be used by name.';

export function readSidebarsFile(text: string, file: string, diagnostics: Diagnostics): SidebarsFile | undefined {
  const ts = loadTypeScript();
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.tsx?$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const locate = (offset: number) => {
    const { line, character } = source.getLineAndCharacterOfPosition(offset);
    return { line: line + 1, column: character + 1 };
  };
  const fail = (node: TypeScript.Node | number, message: string) => {
    diagnostics.error({ file, ...locate(typeof node === 'number' ? node : node.getStart(source)), message, hint: fixHint });
    return undefined;
  };
  const syntax = (source as unknown as { parseDiagnostics: TypeScript.DiagnosticWithLocation[] }).parseDiagnostics[0];
  if (syntax) return fail(syntax.start, `not valid JavaScript: ${ts.flattenDiagnosticMessageText(syntax.messageText, ' ')}`);

  const names = new Map<string, Literal>();
  const nodesOf = new Map<Literal, TypeScript.Node>();
  let exported: { value: Literal; node: TypeScript.Node } | undefined;
  const read = (node: TypeScript.Node): Literal | undefined => {
    try {
      const value = literalOfNode(ts, node, names);
      rememberNodes(ts, node, value, nodesOf);
      return value;
    } catch (error) {
      if (!(error instanceof NotData)) throw error;
      return fail(error.offset, `${error.construct} cannot be read without running the file`);
    }
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isEmptyStatement(statement)) continue;
    if (ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression)) continue; // 'use strict'
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) return fail(declaration, 'a `const` without a plain name and value');
        const value = read(declaration.initializer);
        if (value === undefined) return undefined;
        names.set(declaration.name.text, value);
      }
      continue;
    }
    const moduleExports =
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(source) === 'module.exports'
        ? statement.expression.right
        : undefined;
    const exportDefault = ts.isExportAssignment(statement) ? statement.expression : undefined;
    const target = moduleExports ?? exportDefault;
    if (target) {
      const value = read(target);
      if (value === undefined) return undefined;
      exported = { value, node: target };
      continue;
    }
    return fail(statement, `${statementKind(ts, statement, source)} cannot be read without running the file`);
  }
  if (!exported) return fail(0, 'exports no sidebars: no `module.exports = …` or `export default …`');
  const { value } = exported;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail(exported.node, 'the export is not an object of sidebars ({ sidebarId: [items] })');

  const at = new WeakMap<object, { line: number; column: number }>();
  for (const [literal, node] of nodesOf) if (literal !== null && typeof literal === 'object') at.set(literal, locate(node.getStart(source)));
  const sidebars = new Map<string, SidebarEntry[]>();
  for (const [id, sidebar] of Object.entries(value)) {
    // A sidebar is a list of entries, or the shorthand object { 'Category label': [entries] }.
    if (Array.isArray(sidebar)) sidebars.set(id, sidebar as SidebarEntry[]);
    else if (sidebar !== null && typeof sidebar === 'object') sidebars.set(id, [sidebar]);
    else return fail(nodesOf.get(value) ?? exported.node, `the sidebar "${id}" is not a list of items`);
  }
  return { file, sidebars, at };
}

/** Which node each object or array value came from, to place messages about it. */
function rememberNodes(ts: typeof TypeScript, node: TypeScript.Node, value: Literal, nodes: Map<Literal, TypeScript.Node>): void {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  if (value === null || typeof value !== 'object' || nodes.has(value)) return;
  nodes.set(value, node);
  if (Array.isArray(value) && ts.isArrayLiteralExpression(node)) {
    const elements = node.elements.filter((element) => !ts.isSpreadElement(element) && !ts.isOmittedExpression(element));
    if (elements.length === value.length) elements.forEach((element, index) => rememberNodes(ts, element, value[index], nodes));
  } else if (!Array.isArray(value) && ts.isObjectLiteralExpression(node)) {
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        const child = value[property.name.text];
        if (child !== undefined) rememberNodes(ts, property.initializer, child, nodes);
      }
    }
  }
}

function statementKind(ts: typeof TypeScript, statement: TypeScript.Statement, source: TypeScript.SourceFile): string {
  const text = statement.getText(source);
  if (/\brequire\s*\(/.test(text)) return 'a `require(…)`';
  if (ts.isImportDeclaration(statement)) return 'an `import` of code';
  if (ts.isFunctionDeclaration(statement)) return 'a function';
  if (ts.isVariableStatement(statement)) return 'a `let` or `var` (only a `const` is read)';
  if (ts.isIfStatement(statement) || ts.isForStatement(statement) || ts.isForOfStatement(statement) || ts.isForInStatement(statement) || ts.isWhileStatement(statement)) return 'a statement that runs code (`if`, a loop)';
  return `the statement \`${text.split('\n')[0].slice(0, 60)}\``;
}
