import ts from 'typescript';
import { hostSharingLibFiles, type ParsedFiles } from './parsed-once.ts';

/**
 * What the TypeScript compiler says each export of a package's declaration entry is: one text
 * per declaration and member, printed from the declaration as written (and as the checker
 * resolves it). The reference's fidelity test holds the pages against these texts, and the
 * package changelogs compare them between two versions of a package.
 *
 * Texts are keyed by page (`modules`, `interfaces/Name`, `classes/Name`, `enums/Name`) and by the
 * name a section's heading shows (`''` for a class's or interface's own declaration, `[index]`
 * for its index signatures).
 */
export interface DeclarationText {
  page: string;
  key: string;
  /** How a failure names it: `Name` or `Name.member`. */
  symbol: string;
  /** One text per signature (overloads in declaration order), or a single declaration text. */
  texts: string[];
  /**
   * The same, as the compiler prints the resolved type (`checker.typeToString`): TypeDoc converts
   * many types from the checker rather than from the declaration's own spelling, so a page may
   * show `number` for `AnalyserNode['fftSize']`. Either print of the compiler is faithful.
   */
  resolved?: string[];
  /** The text of its `@deprecated` tag ("Deprecated." when the tag has none), when it has one. */
  deprecated?: string;
  /** The first paragraph of its doc comment, on one line, when it has one (what a changelog entry says of it). */
  summary?: string;
}

export const bracketPairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** The index of the bracket that closes the one at `open`. */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '=' && text[index + 1] === '>') index += 1;
    else if (char in bracketPairs) depth += 1;
    else if (')]}>'.includes(char) && --depth === 0) return index;
  }
  return text.length;
}

/** A member name as pages show it: quoted unless an identifier; `[iterator]` for `Symbol.iterator` (TypeDoc's spelling). */
const quotedName = (name: string) => (name.startsWith('__@') ? `[${name.slice(3).replace(/@\d+$/, '')}]` : /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Declarations the reference leaves out on purpose: TypeDoc runs with excludeInternal. */
const isInternal = (declaration: ts.Declaration) => ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'internal');

/** The text of the first `@deprecated` tag among the declarations, one line; "Deprecated." for a bare tag. */
function deprecationOf(declarations: readonly ts.Declaration[] | undefined): { deprecated?: string } {
  for (const declaration of declarations ?? []) {
    const tag = ts.getJSDocDeprecatedTag(declaration);
    if (tag) return { deprecated: ts.getTextOfJSDocComment(tag.comment)?.replace(/\s+/g, ' ').trim() || 'Deprecated.' };
  }
  return {};
}

/** How the reference compiles a package's declarations (and the changelogs' probes, probe-program.ts). */
export const declarationCompilerOptions: Readonly<ts.CompilerOptions> = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
};

// TypeScript's own lib files are the same in every version's program, whose options are all alike.
const parsedLibFiles: ParsedFiles = new Map();

/** A compiler program over one declaration entry, compiled the way the reference converts it. */
export function declarationProgram(entryFile: string): ts.Program {
  const options = { ...declarationCompilerOptions };
  return ts.createProgram([entryFile], options, hostSharingLibFiles(options, parsedLibFiles));
}

/** Every export of the entry file, with the texts its reference should show. */
export function declarationTexts(program: ts.Program, entryFile: string): DeclarationText[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  if (!source) throw new Error(`the compiler did not read ${entryFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  const printer = ts.createPrinter({ removeComments: true });
  const print = (node: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile());
  const typeText = (node: ts.TypeNode | undefined, at: ts.Node) =>
    node ? print(node) : checker.typeToString(checker.getTypeAtLocation(at), undefined, ts.TypeFormatFlags.NoTruncation);
  const typeParameters = (node: { typeParameters?: ts.NodeArray<ts.TypeParameterDeclaration> }) =>
    node.typeParameters?.length ? `<${node.typeParameters.map(print).join(', ')}>` : '';
  // A destructured parameter is shown as its pattern.
  const parameterName = (parameter: ts.ParameterDeclaration) => (ts.isIdentifier(parameter.name) ? parameter.name.text : print(parameter.name));
  const parameters = (signature: ts.SignatureDeclarationBase) =>
    signature.parameters
      .filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'))
      .map((parameter) => `${parameter.dotDotDotToken ? '...' : ''}${parameterName(parameter)}${parameter.questionToken || parameter.initializer ? '?' : ''}: ${typeText(parameter.type, parameter)}`)
      .join(', ');
  const returnText = (signature: ts.SignatureDeclarationBase) => {
    if (signature.type) return print(signature.type);
    const resolved = checker.getSignatureFromDeclaration(signature as ts.SignatureDeclaration);
    return resolved ? checker.typeToString(checker.getReturnTypeOfSignature(resolved), undefined, ts.TypeFormatFlags.NoTruncation) : 'void';
  };
  const signatureText = (name: string, signature: ts.SignatureDeclarationBase) => `${name}${typeParameters(signature)}(${parameters(signature)}): ${returnText(signature)}`;
  const isPrivate = (declaration: ts.Declaration) =>
    (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Private) !== 0 || (declaration as ts.NamedDeclaration).name?.kind === ts.SyntaxKind.PrivateIdentifier;

  /** The texts of one member of a class or interface. */
  const memberTexts = (member: ts.Symbol): Pick<DeclarationText, 'texts' | 'resolved'> | undefined => {
    const texts = declaredMemberTexts(member);
    if (!texts) return undefined;
    const type = checker.getTypeOfSymbol(member);
    const isMethod = (member.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) !== 0;
    return { texts, resolved: isMethod ? resolvedSignatures(quotedName(member.getName()), type) : [resolvedMember(quotedName(member.getName()), member)] };
  };
  const declaredMemberTexts = (member: ts.Symbol): string[] | undefined => {
    const declarations = (member.declarations ?? []).filter((declaration) => !isPrivate(declaration) && !isInternal(declaration));
    if (declarations.length === 0) return undefined;
    const name = quotedName(member.getName());
    const first = declarations[0];
    if (ts.isPropertySignature(first) || ts.isPropertyDeclaration(first)) {
      return [`${name}${first.questionToken ? '?' : ''}: ${typeText(first.type, first)}`];
    }
    if (ts.isMethodSignature(first) || ts.isMethodDeclaration(first)) {
      // An implementation beside overloads is not a signature callers see.
      const signatures = declarations.filter((declaration): declaration is ts.MethodDeclaration | ts.MethodSignature => ts.isMethodSignature(declaration) || ts.isMethodDeclaration(declaration));
      return signatures.map((signature) => signatureText(name, signature));
    }
    const getter = declarations.find(ts.isGetAccessorDeclaration);
    const setter = declarations.find(ts.isSetAccessorDeclaration);
    if (getter || setter) {
      return [getter && signatureText(name, getter), setter && `${name}(${parameters(setter)}): void`].filter((text): text is string => !!text);
    }
    return [`${name}: ${checker.typeToString(checker.getTypeOfSymbol(member), undefined, ts.TypeFormatFlags.NoTruncation)}`];
  };

  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  const resolvedType = (type: ts.Type) => checker.typeToString(type, undefined, flags);
  const resolvedSignatures = (name: string, type: ts.Type) => type.getCallSignatures().map((signature) => `${name}${checker.signatureToString(signature, undefined, flags)}`);
  /** A member's or variable's type as the compiler resolves it; an optional one without its implied `undefined`. */
  const resolvedMember = (name: string, symbol: ts.Symbol, keyword = '') => {
    const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
    const text = resolvedType(checker.getTypeOfSymbol(symbol));
    const type = optional ? text.replace(/ \| undefined$/, '') : text;
    // `(() => T) | undefined` needed its parentheses; `x?: () => T` does not.
    const bare = type.startsWith('(') && closingBracket(type, 0) === type.length - 1 ? type.slice(1, -1) : type;
    return `${keyword}${name}${optional ? '?' : ''}: ${bare}`;
  };

  const summaryOf = (symbol: ts.Symbol | undefined): { summary?: string } => {
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim() : '';
    return text ? { summary: text } : {};
  };

  const expected: DeclarationText[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declarations = (symbol.declarations ?? []).filter((declaration) => !isInternal(declaration));
    for (const declaration of declarations.filter(ts.isTypeAliasDeclaration)) {
      expected.push({
        page: 'modules',
        key: name,
        symbol: name,
        texts: [`type ${name}${typeParameters(declaration)} = ${print(declaration.type)}`],
        ...deprecationOf([declaration]),
        ...summaryOf(symbol),
        resolved: [`type ${name}${typeParameters(declaration)} = ${checker.typeToString(checker.getTypeAtLocation(declaration.type), undefined, flags | ts.TypeFormatFlags.InTypeAlias)}`],
      });
    }
    const functions = declarations.filter(ts.isFunctionDeclaration);
    if (functions.length) {
      expected.push({ page: 'modules', key: name, symbol: name, texts: functions.map((declaration) => signatureText(name, declaration)), resolved: resolvedSignatures(name, checker.getTypeOfSymbol(symbol)), ...deprecationOf(functions), ...summaryOf(symbol) });
    }
    for (const declaration of declarations.filter(ts.isVariableDeclaration)) {
      // A variable of a function type is shown as the function it is.
      if (declaration.type && ts.isFunctionTypeNode(declaration.type)) {
        expected.push({ page: 'modules', key: name, symbol: name, texts: [signatureText(name, declaration.type)], resolved: resolvedSignatures(name, checker.getTypeOfSymbol(symbol)), ...deprecationOf([declaration]), ...summaryOf(symbol) });
        continue;
      }
      const keyword = declaration.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
      expected.push({ page: 'modules', key: name, symbol: name, texts: [`${keyword} ${name}: ${typeText(declaration.type, declaration)}`], resolved: [resolvedMember(name, symbol, `${keyword} `)], ...deprecationOf([declaration]), ...summaryOf(symbol) });
    }
    const enumDeclaration = declarations.find(ts.isEnumDeclaration);
    if (enumDeclaration) {
      for (const member of enumDeclaration.members) {
        const value = checker.getConstantValue(member);
        expected.push({ page: `enums/${name}`, key: member.name.getText(), symbol: `${name}.${member.name.getText()}`, texts: [JSON.stringify(value)], ...deprecationOf([member]), ...summaryOf(checker.getSymbolAtLocation(member.name)) });
      }
    }
    const classDeclaration = declarations.find(ts.isClassDeclaration);
    const interfaces = declarations.filter(ts.isInterfaceDeclaration);
    if (classDeclaration || interfaces.length) {
      const kind = classDeclaration ? 'class' : 'interface';
      const page = `${classDeclaration ? 'classes' : 'interfaces'}/${name}`;
      const heritage = (clauses: ts.HeritageClause[], token: ts.SyntaxKind) => clauses.filter((clause) => clause.token === token).flatMap((clause) => clause.types.map(print));
      const clauses = [...(classDeclaration ? [classDeclaration] : interfaces)].flatMap((declaration) => [...(declaration.heritageClauses ?? [])]);
      const extended = heritage(clauses, ts.SyntaxKind.ExtendsKeyword);
      const implemented = heritage(clauses, ts.SyntaxKind.ImplementsKeyword);
      const head = classDeclaration ?? interfaces[0];
      expected.push({
        page,
        key: '',
        symbol: name,
        texts: [`${kind} ${name}${typeParameters(head)}${extended.length ? ` extends ${extended.join(', ')}` : ''}${implemented.length ? ` implements ${implemented.join(', ')}` : ''}`],
        ...deprecationOf(classDeclaration ? [classDeclaration] : interfaces),
        ...summaryOf(symbol),
      });
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      const members = [...checker.getPropertiesOfType(instance)];
      if (classDeclaration) {
        members.push(...checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol)).filter((member) => member.getName() !== 'prototype'));
        const constructors = checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Construct);
        const selfType = `${name}${classDeclaration.typeParameters?.length ? `<${classDeclaration.typeParameters.map((parameter) => parameter.name.text).join(', ')}>` : ''}`;
        const texts = constructors.map((signature) => {
          const declaration = signature.declaration;
          return `constructor${declaration && ts.isConstructorDeclaration(declaration) ? `(${parameters(declaration)})` : '()'}: ${selfType}`;
        });
        if (texts.length) expected.push({ page, key: 'constructor', symbol: `${name}.constructor`, texts });
      }
      for (const member of members) {
        const texts = memberTexts(member);
        const key = member.getName().startsWith('__@') ? quotedName(member.getName()) : member.getName();
        if (texts) expected.push({ page, key, symbol: `${name}.${key}`, ...texts, ...deprecationOf(member.declarations), ...summaryOf(member) });
      }
      const indexTexts = interfaces
        .flatMap((declaration) => declaration.members.filter(ts.isIndexSignatureDeclaration))
        .concat(classDeclaration ? classDeclaration.members.filter(ts.isIndexSignatureDeclaration) : [])
        .map((signature) => `${signature.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword) ? 'readonly ' : ''}[${signature.parameters.map((parameter) => `${parameterName(parameter)}: ${typeText(parameter.type, parameter)}`).join(', ')}]: ${print(signature.type)}`);
      if (indexTexts.length) expected.push({ page, key: '[index]', symbol: `${name}[index]`, texts: indexTexts });
    }
  }
  return expected;
}
