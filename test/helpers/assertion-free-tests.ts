import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The rule, kept simple: a `test(…)` or `it(…)` body must reach an assertion. Reaching one means
// the body (nested functions included) calls `assert…`/`expect…` (`assert.equal`, `t.assert.ok`,
// a helper named `assertBuilds`), throws, waits for a condition in the browser (playwright's
// `waitForFunction`, `waitForURL`, `waitForSelector` fail when it never holds), or calls a
// function that does, named in the same file or imported from test/helpers/ (followed one file
// deep, by name). A body that only logs, or only awaits a call that cannot fail, is reported.

const asserting = /^(assert|expect|waitFor)/;

/** The name a call is made by: `assert.equal` -> "assert", `t.assert.ok` -> "assert", `check(…)` -> "check". */
function calleeNames(call: ts.CallExpression): string[] {
  const names: string[] = [];
  let node: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node) || ts.isNonNullExpression(node)) {
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    node = node.expression;
  }
  if (ts.isIdentifier(node)) names.push(node.text);
  return names;
}

/** Whether `node` asserts, given the names of functions already known to. */
function reachesAssertion(node: ts.Node, known: Set<string>): boolean {
  let found = false;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isThrowStatement(child)) found = true;
    else if (ts.isCallExpression(child) && calleeNames(child).some((name) => asserting.test(name) || known.has(name))) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The functions of a file that assert (declared by name, or as a const arrow function), found until nothing changes. */
function assertingFunctions(source: ts.SourceFile, known: Set<string>): Set<string> {
  const functions = new Map<string, ts.Node>();
  const collect = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) functions.set(node.name.text, node.body);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) functions.set(node.name.text, node.initializer.body);
    if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name) && node.body) functions.set(node.name.text, node.body);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const result = new Set(known);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of functions) if (!result.has(name) && reachesAssertion(body, result)) (result.add(name), (grew = true));
  }
  return result;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The names a test file imports from test/helpers/ that assert in their own file. */
function assertingHelpers(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.importClause?.namedBindings) continue;
    const target = path.resolve(path.dirname(source.fileName), statement.moduleSpecifier.text);
    if (!target.includes(`${path.sep}test${path.sep}helpers${path.sep}`) || !fs.existsSync(target)) continue;
    const helpers = assertingFunctions(parse(target), new Set());
    const bindings = statement.importClause.namedBindings;
    if (ts.isNamedImports(bindings)) for (const element of bindings.elements) if (helpers.has((element.propertyName ?? element.name).text)) names.add(element.name.text);
  }
  return names;
}

/** Every `test(…)`/`it(…)` of a file whose body reaches no assertion, as "file:line  name". */
export function assertionFreeTests(file: string, shownAs = file): string[] {
  const source = parse(file);
  const known = assertingFunctions(source, assertingHelpers(source));
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'test' || node.expression.text === 'it')) {
      const body = node.arguments.at(-1);
      if (body && (ts.isArrowFunction(body) || ts.isFunctionExpression(body)) && !reachesAssertion(body.body, known)) {
        const name = node.arguments[0];
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${shownAs}:${line}  ${ts.isStringLiteralLike(name) ? name.text : name.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
