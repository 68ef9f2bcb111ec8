import { createRequire } from 'node:module';
import type TypeScript from 'typescript';

/**
 * JavaScript written as data, read without running it: a JSX prop (`values={[{label: 'A', value:
 * 'a'}]}`) or a `sidebars.js` module. The TypeScript parser reads the text and only literals are
 * accepted (objects, arrays, strings, numbers, booleans, null, template strings without `${}`,
 * `as`/`satisfies` types, names of `const`s given in `names`); anything else is a `NotData` naming
 * the construct and where it stands.
 */
export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

export class NotData extends Error {
  constructor(
    /** What the construct is, in words ("a function call", "the name `styles`"). */
    readonly construct: string,
    /** 0-based offset in the text read. */
    readonly offset: number,
  ) {
    super(`${construct} is not data`);
  }
}

// Loaded on first use: most pages and sites never need it, and it takes a moment to load.
let typescript: typeof TypeScript | undefined;
export function loadTypeScript(): typeof TypeScript {
  typescript ??= createRequire(import.meta.url)('typescript') as typeof TypeScript;
  return typescript;
}

/** The value of one expression (a JSX prop's `{…}` without its braces). Throws `NotData`. */
export function literalOfExpression(text: string): Literal {
  const ts = loadTypeScript();
  const source = ts.createSourceFile('prop.tsx', `(${text}\n)`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const statement = source.statements[0];
  if (source.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement) || (source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length) {
    throw new NotData('an expression that does not parse', 0);
  }
  // Offsets are in the text as given, not in the parenthesised copy.
  try {
    return literalOfNode(ts, statement.expression, new Map());
  } catch (error) {
    if (error instanceof NotData) throw new NotData(error.construct, Math.max(0, error.offset - 1));
    throw error;
  }
}

/** The value of a node of a parsed file; `names` are the file's `const`s read so far. */
export function literalOfNode(ts: typeof TypeScript, node: TypeScript.Node, names: Map<string, Literal>): Literal {
  const at = (construct: string, where: TypeScript.Node = node) => new NotData(construct, where.getStart(where.getSourceFile()));
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node)) {
    return literalOfNode(ts, node.expression, names);
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return null;
    const value = names.get(node.text);
    if (value === undefined) throw at(`the name \`${node.text}\` (not a \`const\` declared above it with a literal value)`);
    return value;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: Literal[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = literalOfNode(ts, element.expression, names);
        if (!Array.isArray(spread)) throw at('a spread of something that is not an array', element);
        items.push(...spread);
      } else if (!ts.isOmittedExpression(element)) items.push(literalOfNode(ts, element, names));
    }
    return items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: { [key: string]: Literal } = {};
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property)) {
        const key = property.name;
        if (ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) object[key.text] = literalOfNode(ts, property.initializer, names);
        else throw at('a computed property name', key);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        object[property.name.text] = literalOfNode(ts, property.name, names);
      } else if (ts.isSpreadAssignment(property)) {
        const spread = literalOfNode(ts, property.expression, names);
        if (spread === null || typeof spread !== 'object' || Array.isArray(spread)) throw at('a spread of something that is not an object', property);
        Object.assign(object, spread);
      } else throw at('a method or accessor', property);
    }
    return object;
  }
  throw at(describe(ts, node));
}

function describe(ts: typeof TypeScript, node: TypeScript.Node): string {
  if (ts.isCallExpression(node)) return `a function call (\`${node.expression.getText(node.getSourceFile())}(…)\`)`;
  if (ts.isPropertyAccessExpression(node)) return `a property of a variable (\`${node.getText(node.getSourceFile())}\`)`;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return 'a function';
  if (ts.isTemplateExpression(node)) return 'a template string with `${…}`';
  if (ts.isBinaryExpression(node)) return `an operator (\`${node.operatorToken.getText(node.getSourceFile())}\`)`;
  if (ts.isConditionalExpression(node)) return 'a conditional (`? :`)';
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return 'JSX';
  if (ts.isNewExpression(node)) return 'a `new` expression';
  return `a ${ts.SyntaxKind[node.kind]}`;
}
