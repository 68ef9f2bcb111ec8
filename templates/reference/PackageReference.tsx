import { HashLink } from '../content/HashLink.tsx';
import { Fragment, type ReactNode } from 'react';
import type { JSONOutput } from 'typedoc';
import { declarationSections, memberBadges, memberTableId, type PackageIndexView, parameterProperties, type ReferenceContext } from '../../src/shared/package-reference.ts';
import { IndexSignature, SignatureType, TypeParameters, TypeView, declaredType, propertyName } from './TypeView.tsx';

type Declaration = JSONOutput.DeclarationReflection;

// Page data of the package kind, kept importable from here for the templates' users.
export { declarationSections, memberTableId, type PackageIndexView, type ReferenceContext } from '../../src/shared/package-reference.ts';

/** A symbol's version marks, each linking to the changelog section that shows the change. */
function VersionMarks({ symbol, context }: { symbol: string; context: ReferenceContext }) {
  const marks = context.marks?.(symbol) ?? [];
  return (
    <>
      {marks.map((mark) => (
        <span key={mark.label}>
          {' '}
          <a className="schema-constraint version-mark" href={mark.href}>
            {mark.label}
          </a>
        </span>
      ))}
    </>
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <div className="code-block" data-language="ts">
    <div className="code-block-body">
      <pre tabIndex={0} role="group" aria-label="TypeScript declaration">
        <code className="hljs language-ts">{children}</code>
      </pre>
    </div>
  </div>
);

function Html({ html }: { html: string | undefined }) {
  return html ? <div className="reference-comment" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/**
 * Every tag of a comment: deprecation, summary, remarks, default, returns (unless the signature
 * shows it after its parameters), throws, see also, other tags, then examples.
 */
export function CommentBlock({ comment, context, withReturns = true }: { comment: JSONOutput.Comment | undefined; context: ReferenceContext; withReturns?: boolean }) {
  const text = context.comment(comment);
  return (
    <>
      {text.deprecated && (
        <aside className="admonition admonition-warning" aria-label="Deprecated">
          <p className="admonition-heading">Deprecated</p>
          <div className="admonition-content" dangerouslySetInnerHTML={{ __html: text.deprecated }} />
        </aside>
      )}
      <Html html={text.summary} />
      <Html html={text.remarks} />
      <Html html={text.defaultValue} />
      {withReturns && <Returns html={text.returns} />}
      {text.throws.map((thrown, index) => (
        <Html key={index} html={thrown} />
      ))}
      <Html html={text.see} />
      {text.other.map((tag, index) => (
        <Html key={index} html={tag} />
      ))}
      {text.examples.map((example, index) => (
        <div key={index} className="reference-example">
          <p className="api-example-label">Example</p>
          <Html html={example} />
        </div>
      ))}
    </>
  );
}

function Returns({ html }: { html: string | undefined }) {
  return html ? (
    <div className="reference-returns">
      <strong>Returns</strong> <Html html={html} />
    </div>
  ) : null;
}

type Parameter = JSONOutput.ParameterReflection;

/** A signature's parameters that have something to say: a comment, a default, documented properties. */
function ParameterList({ parameters, context }: { parameters: Parameter[]; context: ReferenceContext }) {
  const documented = parameters.filter((parameter) => parameter.comment || parameter.defaultValue !== undefined || parameterProperties(parameter).length);
  if (!documented.length) return null;
  return (
    <ul className="reference-parameters">
      {documented.map((parameter) => {
        const properties = parameterProperties(parameter);
        return (
          <li key={parameter.id}>
            <code>{parameter.name}</code>
            {parameter.defaultValue !== undefined && <> (default <code>{parameter.defaultValue}</code>)</>}
            <CommentBlock comment={parameter.comment} context={context} />
            {properties.length > 0 && (
              <ul className="reference-parameters">
                {properties.map((property) => (
                  <li key={property.name}>
                    <code>{`${parameter.name}.${property.name}`}</code>
                    <CommentBlock comment={property.comment} context={context} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function SourceLink({ declaration, context }: { declaration: Declaration | JSONOutput.SignatureReflection; context: ReferenceContext }) {
  const source = context.source(declaration);
  return source ? (
    <p className="reference-source">
      Declared in <a href={source.href}>{source.label}</a>
    </p>
  ) : null;
}

/** A function's or method's signatures, each with its parameters and return value. */
export function Signatures({ name, signatures, context }: { name: string; signatures: JSONOutput.SignatureReflection[]; context: ReferenceContext }) {
  return (
    <>
      {signatures.map((signature) => {
        const text = context.comment(signature.comment);
        return (
          <div key={signature.id} className="reference-signature">
            <Code>
              <SignatureType name={name} signature={signature} resolve={context.resolve} />
            </Code>
            <CommentBlock comment={signature.comment} context={context} withReturns={false} />
            <ParameterList parameters={signature.parameters ?? []} context={context} />
            <Returns html={text.returns} />
            <SourceLink declaration={signature} context={context} />
          </div>
        );
      })}
    </>
  );
}

/**
 * The parameters and return value of a property of a function type: TypeDoc moves the property
 * comment's `@param` and `@returns` to the signature of its type.
 */
function FunctionTypeDocs({ type, context }: { type: JSONOutput.SomeType | undefined; context: ReferenceContext }) {
  // An optional property's type may be `((…) => R) | undefined`.
  const functionType = type?.type === 'union' ? type.types.find((member) => member.type === 'reflection') : type;
  const signature = functionType?.type === 'reflection' && functionType.declaration.signatures?.length === 1 ? functionType.declaration.signatures[0] : undefined;
  if (!signature) return null;
  return (
    <>
      <CommentBlock comment={signature.comment} context={context} withReturns={false} />
      <ParameterList parameters={signature.parameters ?? []} context={context} />
      <Returns html={context.comment(signature.comment).returns} />
    </>
  );
}

/** One export shown in full on its group's page: a function, a variable or a type alias. */
export function ModuleMember({ declaration, context, headingLevel = 3 }: { declaration: Declaration; context: ReferenceContext; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h3';
  // A type alias of a function type is a type, shown as `type X = (…) => R`, not as a function.
  const isAlias = declaration.kind === 2097152;
  const signatures = declaration.signatures ?? (!isAlias && declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures : undefined);
  const aliasSignature = isAlias && declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures?.[0] : undefined;
  return (
    <section className="reference-member">
      <Heading id={context.anchor(declaration.name)}>
        <code>{declaration.name}</code>
        <VersionMarks symbol={declaration.name} context={context} />
        <HashLink id={context.anchor(declaration.name)} label={declaration.name} />
      </Heading>
      {signatures?.length ? (
        <>
          <CommentBlock comment={declaration.comment} context={context} />
          <Signatures name={declaration.name} signatures={signatures} context={context} />
        </>
      ) : (
        <>
          <Code>
            {declaration.kind === 2097152 ? 'type ' : declaration.flags.isConst ? 'const ' : 'let '}
            {declaration.name}
            {declaration.typeParameters?.length ? <TypeParameters parameters={declaration.typeParameters} resolve={context.resolve} /> : null}
            {declaration.kind === 2097152 ? ' = ' : ': '}
            <TypeView type={declaredType(declaration)} resolve={context.resolve} />
          </Code>
          <CommentBlock comment={declaration.comment ?? aliasSignature?.comment} context={context} />
          <SourceLink declaration={declaration} context={context} />
        </>
      )}
    </section>
  );
}

/** A member's type in one line: a property's type, a method's or accessor's first signature as a function type. */
function MemberType({ member, context }: { member: Declaration; context: ReferenceContext }) {
  const signatures = member.signatures ?? [];
  const accessor = member.getSignature ?? member.setSignature;
  if (signatures.length) {
    return (
      <>
        <SignatureType signature={signatures[0]} resolve={context.resolve} arrow />
        {signatures.length > 1 ? ` (+${signatures.length - 1} overload${signatures.length > 2 ? 's' : ''})` : ''}
      </>
    );
  }
  // Depth 4: a property's object type is shown as `{ … }`, so its row stays short; its section shows it whole.
  if (member.getSignature) return <TypeView type={member.getSignature.type} resolve={context.resolve} depth={4} />;
  if (accessor) return <TypeView type={accessor.parameters?.[0]?.type} resolve={context.resolve} depth={4} />;
  return <TypeView type={member.type} resolve={context.resolve} depth={4} />;
}

/** Every member of a class or interface in one table: its name (linked to its section), type and first sentence. */
function MemberTable({ declaration, context }: { declaration: Declaration; context: ReferenceContext }) {
  const members = declarationSections(declaration).flatMap((section) => section.members);
  if (!members.length) return null;
  return (
    <>
      <h2 id={memberTableId}>
        Members
        <HashLink id={memberTableId} label="Members" />
      </h2>
      <div className="table-wrapper" tabIndex={0}>
        <table className="reference-member-table">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>
                  <a href={`#${context.anchor(member.name)}`}>
                    <code>{member.name}</code>
                  </a>
                </td>
                <td>
                  <code>
                    <MemberType member={member} context={context} />
                  </code>
                </td>
                <td>{context.summary(member)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A class or interface page: its member table, hierarchy, then constructors, properties, accessors and methods. */
export function DeclarationPage({ declaration, kindLabel, context }: { declaration: Declaration; kindLabel: string; context: ReferenceContext }) {
  return (
    <div className="reference">
      <Code>
        {kindLabel} {declaration.name}
        {declaration.typeParameters?.length ? <TypeParameters parameters={declaration.typeParameters} resolve={context.resolve} /> : null}
        {declaration.extendedTypes?.length ? <> extends {declaration.extendedTypes.map((type, i) => <span key={i}>{i > 0 && ', '}<TypeView type={type} resolve={context.resolve} /></span>)}</> : null}
        {declaration.implementedTypes?.length ? <> implements {declaration.implementedTypes.map((type, i) => <span key={i}>{i > 0 && ', '}<TypeView type={type} resolve={context.resolve} /></span>)}</> : null}
      </Code>
      {context.marks?.(declaration.name).length ? (
        <p className="version-marks">
          <VersionMarks symbol={declaration.name} context={context} />
        </p>
      ) : null}
      <CommentBlock comment={declaration.comment} context={context} />
      <SourceLink declaration={declaration} context={context} />
      <MemberTable declaration={declaration} context={context} />
      {(declaration.extendedBy?.length || declaration.implementedBy?.length) ? (
        <>
          <h2 id="hierarchy">Hierarchy<HashLink id="hierarchy" label="Hierarchy" /></h2>
          {declaration.extendedBy?.length ? <p>Extended by: {declaration.extendedBy.map((type, i) => <span key={i}>{i > 0 && ', '}<TypeView type={type} resolve={context.resolve} /></span>)}</p> : null}
          {declaration.implementedBy?.length ? <p>Implemented by: {declaration.implementedBy.map((type, i) => <span key={i}>{i > 0 && ', '}<TypeView type={type} resolve={context.resolve} /></span>)}</p> : null}
        </>
      ) : null}
      {declaration.indexSignatures?.length ? (
        <section>
          <h2 id="index-signatures">
            Index signatures
            <HashLink id="index-signatures" label="Index signatures" />
          </h2>
          {declaration.indexSignatures.map((signature) => (
            <div key={signature.id} className="reference-signature">
              <Code>
                <IndexSignature signature={signature} resolve={context.resolve} />
              </Code>
              <CommentBlock comment={signature.comment} context={context} />
            </div>
          ))}
        </section>
      ) : null}
      {declarationSections(declaration).map((section) => (
        <section key={section.id}>
          <h2 id={section.id}>
            {section.title}
            <HashLink id={section.id} label={section.title} />
          </h2>
          {section.members.map((member) => (
            <section key={member.id} className="reference-member">
              <h3 id={context.anchor(member.name)}>
                <code>{member.name}</code>
                {/* A space before each badge, so text read from the page says "bitrate optional inherited", as its twin does. */}
                {memberBadges(member).map((badge) => (
                  <Fragment key={badge}>
                    {' '}
                    <span className="schema-constraint">{badge}</span>
                  </Fragment>
                ))}
                <VersionMarks symbol={`${declaration.name}.${member.name}`} context={context} />
                <HashLink id={context.anchor(member.name)} label={member.name} />
              </h3>
              {member.signatures?.length ? (
                <Signatures name={member.name} signatures={member.signatures} context={context} />
              ) : member.getSignature || member.setSignature ? (
                <Signatures name={member.name} signatures={[member.getSignature, member.setSignature].filter((s): s is JSONOutput.SignatureReflection => !!s)} context={context} />
              ) : (
                <>
                  <Code>
                    {propertyName(member.name)}
                    {member.flags.isOptional ? '?' : ''}: <TypeView type={member.type} resolve={context.resolve} />
                  </Code>
                  <CommentBlock comment={member.comment} context={context} />
                  <FunctionTypeDocs type={member.type} context={context} />
                </>
              )}
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

/** An enum page: every member with its value. */
export function EnumPage({ declaration, context }: { declaration: Declaration; context: ReferenceContext }) {
  return (
    <div className="reference">
      <CommentBlock comment={declaration.comment} context={context} />
      <SourceLink declaration={declaration} context={context} />
      <h2 id="members">Members<HashLink id="members" label="Members" /></h2>
      <div className="table-wrapper" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Value</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {(declaration.children ?? []).map((member) => (
              <tr key={member.id} id={context.anchor(member.name)}>
                <td>
                  <code>{member.name}</code>
                </td>
                <td>
                  <code>
                    <TypeView type={member.type} resolve={context.resolve} />
                  </code>
                </td>
                <td>
                  <CommentBlock comment={member.comment} context={context} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A package's front page: what it is, how to install it, its entry points and exports. */
export function PackageIndex({ view }: { view: PackageIndexView }) {
  return (
    <div className="reference">
      {view.description && <p className="category-description">{view.description}</p>}
      {view.readme && (
        <section className="reference-readme" aria-label="From the README">
          <Html html={view.readme} />
          <p className="reference-source">
            From the README of <code>{`${view.name}@${view.version}`}</code>.
          </p>
        </section>
      )}
      <h2 id="install">Install<HashLink id="install" label="Install" /></h2>
      <Code>{`npm install ${view.name}@${view.version}`}</Code>
      <p>
        This reference is generated from the type declarations that <code>{`${view.name}@${view.version}`}</code> publishes, so it
        matches what the command above installs.
      </p>
      <h2 id="entry-points">Entry points<HashLink id="entry-points" label="Entry points" /></h2>
      <ul>
        {view.entryPoints.map((entry) => (
          <li key={entry.subpath}>
            <code>{entry.subpath === '.' ? view.name : `${view.name}/${entry.subpath.replace(/^\.\//, '')}`}</code>: <code>{entry.file}</code>
          </li>
        ))}
      </ul>
      {view.dependencies.length > 0 && (
        <>
          <h2 id="dependencies">Pexip dependencies<HashLink id="dependencies" label="Pexip dependencies" /></h2>
          <ul>
            {view.dependencies.map((dependency) => (
              <li key={dependency.name}>
                {dependency.href ? <a href={dependency.href}>{dependency.name}</a> : <code>{dependency.name}</code>} {dependency.version}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 id="exports">Exports<HashLink id="exports" label="Exports" /></h2>
      <p>
        Every export, grouped by kind, is on the <a href={view.modulesHref}>modules page</a>.
      </p>
      {view.groups.map((group) => (
        <section key={group.title}>
          <h3 id={`exports-${group.title.toLowerCase().replace(/\s+/g, '-')}`}>
            {group.title} ({group.items.length})
            <HashLink id={`exports-${group.title.toLowerCase().replace(/\s+/g, '-')}`} label={group.title} />
          </h3>
          <ul className="reference-index-list">
            {group.items.map((item) => (
              <li key={item.name}>
                <a href={item.href}>
                  <code>{item.name}</code>
                </a>
                {item.summary && <span className="reference-summary">: {item.summary}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
