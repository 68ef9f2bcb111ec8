import { Fragment, type ReactNode } from 'react';
import type { JSONOutput } from 'typedoc';
import { indexSignatureTokens, type ResolveReference, signatureTokens, type TypeToken, typeParameterTokens, typeTokens } from '../../src/shared/type-tokens.ts';

// How a type is spelt is decided once, in src/shared/type-tokens.ts (the Markdown twin writes the
// same pieces as text); these components draw the pieces.

export { declaredType, propertyName, type ResolveReference } from '../../src/shared/type-tokens.ts';

type SomeType = JSONOutput.SomeType;
type Signature = JSONOutput.SignatureReflection;

/** Pieces of a type as code: a linked name, a highlighted name or literal, or text. */
function Tokens({ tokens }: { tokens: TypeToken[] }): ReactNode {
  return tokens.map((token, index) =>
    typeof token === 'string' ? (
      <Fragment key={index}>{token}</Fragment>
    ) : 'href' in token ? (
      <a key={index} href={token.href}>
        {token.text}
      </a>
    ) : (
      <span key={index} className={token.className}>
        {token.text}
      </span>
    ),
  );
}

/** A TypeScript type as code, with links to the pages of the types it names. */
export const TypeView = ({ type, resolve, depth = 0 }: { type: SomeType | undefined; resolve: ResolveReference; depth?: number }) => <Tokens tokens={typeTokens(type, resolve, depth)} />;

/** `[key: string]: T` */
export const IndexSignature = ({ signature, resolve, depth = 0 }: { signature: Signature; resolve: ResolveReference; depth?: number }) => <Tokens tokens={indexSignatureTokens(signature, resolve, depth)} />;

/** `<T>(a: A, b?: B): R`, or with `arrow`, `(a: A) => R`. */
export const SignatureType = ({ signature, resolve, arrow, name }: { signature: Signature; resolve: ResolveReference; arrow?: boolean; name?: string }) => <Tokens tokens={signatureTokens(signature, resolve, { arrow, name })} />;

export const TypeParameters = ({ parameters, resolve }: { parameters: JSONOutput.TypeParameterReflection[]; resolve: ResolveReference }) => <Tokens tokens={typeParameterTokens(parameters, resolve)} />;
