import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import type { JSONOutput } from 'typedoc';
import { declarationSections, memberBadges, type PackageIndexView, type PackagePageModel, parameterProperties, type ReferenceContext } from '../shared/package-reference.ts';
import { declaredType, indexSignatureTokens, propertyName, signatureTokens, type TypeToken, tokensText, typeParameterTokens, typeTokens } from '../shared/type-tokens.ts';
import { blockquote, fenced, heading, htmlBlocks, inlineCode, link, list, paragraph, phrasingOf, strong, table, text } from './mdast-nodes.ts';
import { type TwinTarget, twinLink } from './absolute-links.ts';
import { versionLineTwin } from './package-version-twin.ts';

// An npm package's reference page as Markdown, from the model its page is drawn from
// (templates/reference/PackageReference.tsx): the same headings, declarations as fenced
// TypeScript spelt by the same tokens, the member tables, each doc comment's parts, version
// marks linked to the changelog's twin.

type Declaration = JSONOutput.DeclarationReflection;
type Signature = JSONOutput.SignatureReflection;

interface Writer {
  context: ReferenceContext;
  target: TwinTarget;
}

const ts = (...tokens: TypeToken[][]) => fenced(tokensText(tokens.flat()), 'ts');
/** A type in one line, for a table cell: the page's code, its line breaks and indents as spaces. */
const oneLine = (tokens: TypeToken[]) => inlineCode(tokensText(tokens).replace(/\s*\n\s*/g, ' '));
const html = (fragment: string | undefined, writer: Writer) => htmlBlocks(fragment, writer.target.siteUrl, writer.target.route) as BlockContent[];

/** A symbol's version marks, each linked to the changelog section that shows the change. */
const marks = (symbol: string, writer: Writer): PhrasingContent[] => (writer.context.marks?.(symbol) ?? []).flatMap((mark) => [text(' '), link(twinLink(mark.href, writer.target), text(mark.label))]);

/** Every tag of a comment, in the page's order; the return value unless the signature shows it after its parameters. */
function commentBlocks(comment: JSONOutput.Comment | undefined, writer: Writer, withReturns = true): BlockContent[] {
  const parts = writer.context.comment(comment);
  return [
    ...(parts.deprecated ? [blockquote(paragraph(strong(text('Deprecated'))), ...html(parts.deprecated, writer))] : []),
    ...html(parts.summary, writer),
    ...html(parts.remarks, writer),
    ...html(parts.defaultValue, writer),
    ...(withReturns ? returns(parts.returns, writer) : []),
    ...parts.throws.flatMap((thrown) => html(thrown, writer)),
    ...html(parts.see, writer),
    ...parts.other.flatMap((tag) => html(tag, writer)),
    ...parts.examples.flatMap((example) => [paragraph(text('Example')), ...html(example, writer)]),
  ];
}

const returns = (fragment: string | undefined, writer: Writer): BlockContent[] => (fragment ? [paragraph(strong(text('Returns'))), ...html(fragment, writer)] : []);

function sourceLine(declaration: { sources?: JSONOutput.SourceReference[] }, writer: Writer): BlockContent[] {
  const source = writer.context.source(declaration);
  return source ? [paragraph(text('Declared in '), link(source.href, text(source.label)))] : [];
}

/** A signature's parameters that have something to say: a comment, a default, documented properties. */
function parameterList(parameters: JSONOutput.ParameterReflection[], writer: Writer): BlockContent[] {
  const documented = parameters.filter((parameter) => parameter.comment || parameter.defaultValue !== undefined || parameterProperties(parameter).length);
  if (!documented.length) return [];
  return [
    list(
      documented.map((parameter) => {
        const properties = parameterProperties(parameter);
        return [
          paragraph(inlineCode(parameter.name), ...(parameter.defaultValue !== undefined ? [text(' (default '), inlineCode(parameter.defaultValue), text(')')] : [])),
          ...commentBlocks(parameter.comment, writer),
          ...(properties.length ? [list(properties.map((property) => [paragraph(inlineCode(`${parameter.name}.${property.name}`)), ...commentBlocks(property.comment, writer)]))] : []),
        ];
      }),
    ),
  ];
}

/** A function's or method's signatures, each with its parameters and return value. */
function signatures(name: string, all: Signature[], writer: Writer): BlockContent[] {
  return all.flatMap((signature) => [
    ts(signatureTokens(signature, writer.context.resolve, { name })),
    ...commentBlocks(signature.comment, writer, false),
    ...parameterList(signature.parameters ?? [], writer),
    ...returns(writer.context.comment(signature.comment).returns, writer),
    ...sourceLine(signature, writer),
  ]);
}

/** The parameters and return value of a property of a function type (TypeDoc moves them to its type's signature). */
function functionTypeDocs(type: JSONOutput.SomeType | undefined, writer: Writer): BlockContent[] {
  const functionType = type?.type === 'union' ? type.types.find((member) => member.type === 'reflection') : type;
  const signature = functionType?.type === 'reflection' && functionType.declaration.signatures?.length === 1 ? functionType.declaration.signatures[0] : undefined;
  if (!signature) return [];
  return [...commentBlocks(signature.comment, writer, false), ...parameterList(signature.parameters ?? [], writer), ...returns(writer.context.comment(signature.comment).returns, writer)];
}

/** One export shown in full on its group's page: a function, a variable or a type alias. */
function moduleMember(declaration: Declaration, writer: Writer): RootContent[] {
  const { resolve } = writer.context;
  // A type alias of a function type is a type, shown as `type X = (…) => R`, not as a function.
  const isAlias = declaration.kind === 2097152;
  const calls = declaration.signatures ?? (!isAlias && declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures : undefined);
  const aliasSignature = isAlias && declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures?.[0] : undefined;
  const title = heading(2, inlineCode(declaration.name), ...marks(declaration.name, writer));
  if (calls?.length) return [title, ...commentBlocks(declaration.comment, writer), ...signatures(declaration.name, calls, writer)];
  return [
    title,
    ts(
      [isAlias ? 'type ' : declaration.flags.isConst ? 'const ' : 'let ', declaration.name],
      declaration.typeParameters?.length ? typeParameterTokens(declaration.typeParameters, resolve) : [],
      [isAlias ? ' = ' : ': '],
      typeTokens(declaredType(declaration), resolve),
    ),
    ...commentBlocks(declaration.comment ?? aliasSignature?.comment, writer),
    ...sourceLine(declaration, writer),
  ];
}

/** A member's type in one line: a property's type, a method's or accessor's first signature as a function type. */
function memberType(member: Declaration, writer: Writer): PhrasingContent[] {
  const { resolve } = writer.context;
  const calls = member.signatures ?? [];
  const accessor = member.getSignature ?? member.setSignature;
  // Depth 4: a property's object type is shown as `{ … }`, so its row stays short; its section shows it whole.
  if (calls.length) return [oneLine([...signatureTokens(calls[0], resolve, { arrow: true }), calls.length > 1 ? ` (+${calls.length - 1} overload${calls.length > 2 ? 's' : ''})` : ''])];
  if (member.getSignature) return [oneLine(typeTokens(member.getSignature.type, resolve, 4))];
  if (accessor) return [oneLine(typeTokens(accessor.parameters?.[0]?.type, resolve, 4))];
  return [oneLine(typeTokens(member.type, resolve, 4))];
}

/** Pieces of a type as running text, each named type linked to its twin (the hierarchy's lines). */
const linkedTypes = (tokens: TypeToken[], writer: Writer): PhrasingContent[] =>
  tokens.map((token) => (typeof token === 'string' ? text(token) : 'href' in token ? link(twinLink(token.href, writer.target), text(token.text)) : text(token.text)));

const typeList = (types: JSONOutput.SomeType[], writer: Writer): TypeToken[] => types.flatMap((type, index) => [index ? ', ' : '', ...typeTokens(type, writer.context.resolve)]);

/** A class or interface page: its member table, hierarchy, then constructors, properties, accessors and methods. */
function declarationPage(declaration: Declaration, kindLabel: string, writer: Writer): RootContent[] {
  const { resolve, anchor } = writer.context;
  const sections = declarationSections(declaration);
  const members = sections.flatMap((section) => section.members);
  const symbolMarks = marks(declaration.name, writer);
  const blocks: RootContent[] = [
    ts(
      [`${kindLabel} ${declaration.name}`],
      declaration.typeParameters?.length ? typeParameterTokens(declaration.typeParameters, resolve) : [],
      declaration.extendedTypes?.length ? [' extends ', ...typeList(declaration.extendedTypes, writer)] : [],
      declaration.implementedTypes?.length ? [' implements ', ...typeList(declaration.implementedTypes, writer)] : [],
    ),
    ...(symbolMarks.length ? [paragraph(...symbolMarks.slice(1))] : []),
    ...commentBlocks(declaration.comment, writer),
    ...sourceLine(declaration, writer),
  ];
  if (members.length) {
    blocks.push(
      heading(2, text('Members')),
      table(
        ['Member', 'Type', 'Description'],
        members.map((member) => [[link(twinLink(`${writer.target.route}#${anchor(member.name)}`, writer.target), inlineCode(member.name))], memberType(member, writer), [text(writer.context.summary(member) ?? '')]]),
      ),
    );
  }
  if (declaration.extendedBy?.length || declaration.implementedBy?.length) {
    blocks.push(heading(2, text('Hierarchy')));
    if (declaration.extendedBy?.length) blocks.push(paragraph(text('Extended by: '), ...linkedTypes(typeList(declaration.extendedBy, writer), writer)));
    if (declaration.implementedBy?.length) blocks.push(paragraph(text('Implemented by: '), ...linkedTypes(typeList(declaration.implementedBy, writer), writer)));
  }
  if (declaration.indexSignatures?.length) {
    blocks.push(heading(2, text('Index signatures')));
    for (const signature of declaration.indexSignatures) blocks.push(ts(indexSignatureTokens(signature, resolve)), ...commentBlocks(signature.comment, writer));
  }
  for (const section of sections) {
    blocks.push(heading(2, text(section.title)));
    for (const member of section.members) {
      blocks.push(heading(3, inlineCode(member.name), ...(memberBadges(member).length ? [text(` ${memberBadges(member).join(' ')}`)] : []), ...marks(`${declaration.name}.${member.name}`, writer)));
      const accessors = [member.getSignature, member.setSignature].filter((signature): signature is Signature => !!signature);
      if (member.signatures?.length) blocks.push(...signatures(member.name, member.signatures, writer));
      else if (accessors.length) blocks.push(...signatures(member.name, accessors, writer));
      else blocks.push(ts([`${propertyName(member.name)}${member.flags.isOptional ? '?' : ''}: `], typeTokens(member.type, resolve)), ...commentBlocks(member.comment, writer), ...functionTypeDocs(member.type, writer));
    }
  }
  return blocks;
}

/** An enum page: every member with its value. */
function enumPage(declaration: Declaration, writer: Writer): RootContent[] {
  const cells = (member: Declaration): PhrasingContent[] => phrasingOf(commentBlocks(member.comment, writer));
  return [
    ...commentBlocks(declaration.comment, writer),
    ...sourceLine(declaration, writer),
    heading(2, text('Members')),
    table(
      ['Member', 'Value', 'Description'],
      (declaration.children ?? []).map((member) => [[inlineCode(member.name)], [oneLine(typeTokens(member.type, writer.context.resolve))], cells(member)]),
    ),
  ];
}

/** A package's front page: what it is, how to install it, its entry points and exports. */
function packageIndex(view: PackageIndexView, writer: Writer): RootContent[] {
  const pinned = `${view.name}@${view.version}`;
  const blocks: RootContent[] = [];
  if (view.description) blocks.push(paragraph(text(view.description)));
  if (view.readme) blocks.push(...html(view.readme, writer), paragraph(text('From the README of '), inlineCode(pinned), text('.')));
  blocks.push(
    heading(2, text('Install')),
    fenced(`npm install ${pinned}`, 'sh'),
    paragraph(text('This reference is generated from the type declarations that '), inlineCode(pinned), text(' publishes, so it matches what the command above installs.')),
    heading(2, text('Entry points')),
    list(view.entryPoints.map((entry) => [paragraph(inlineCode(entry.subpath === '.' ? view.name : `${view.name}/${entry.subpath.replace(/^\.\//, '')}`), text(': '), inlineCode(entry.file))])),
  );
  if (view.dependencies.length) {
    blocks.push(
      heading(2, text('Pexip dependencies')),
      list(view.dependencies.map((dependency) => [paragraph(dependency.href ? link(twinLink(dependency.href, writer.target), text(dependency.name)) : inlineCode(dependency.name), text(` ${dependency.version}`))])),
    );
  }
  blocks.push(heading(2, text('Exports')), paragraph(text('Every export, grouped by kind, is on the '), link(twinLink(view.modulesHref, writer.target), text('modules page')), text('.')));
  for (const group of view.groups) blocks.push(heading(3, text(`${group.title} (${group.items.length})`)), linkList(group.items, writer));
  return blocks;
}

/** Exports, each linked to the twin that shows it, with its first sentence. */
const linkList = (items: { name: string; href: string; summary?: string }[], writer: Writer) =>
  list(items.map((item) => [paragraph(link(twinLink(item.href, writer.target), inlineCode(item.name)), ...(item.summary ? [text(`: ${item.summary}`)] : []))]));

/** The page's article as Markdown blocks: its version line, then the page. */
export function packageTwin(model: PackagePageModel, context: ReferenceContext, target: TwinTarget): RootContent[] {
  const writer: Writer = { context, target };
  const page = ((): RootContent[] => {
    switch (model.page) {
      case 'index':
        return packageIndex(model.index, writer);
      case 'modules':
        // Every export grouped by kind, each linking where it is shown.
        return model.groups.flatMap((group) => [
          heading(2, text(`${group.title} (${group.links.length})`)),
          ...(group.pages.length ? [paragraph(text('In full: '), ...group.pages.flatMap((page, index) => [...(index ? [text(', ')] : []), link(twinLink(page.href, writer.target), text(page.label.toLowerCase()))]), text('.'))] : []),
          linkList(group.links, writer),
        ]);
      case 'module-group':
        return model.group.members.flatMap((member) => moduleMember(member, writer));
      case 'declaration':
        return declarationPage(model.declaration, model.kindLabel, writer);
      case 'enum':
        return enumPage(model.declaration, writer);
    }
  })();
  return [...versionLineTwin(model.versionLine, target), ...page];
}
