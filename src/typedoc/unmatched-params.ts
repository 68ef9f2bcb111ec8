import { type Application, type Comment, CommentTag, type Context, Converter, DeclarationReflection, type Reflection, ReflectionKind, ReflectionType, SignatureReflection } from 'typedoc';
import { unmatchedParamTag } from './comments.ts';

// TypeDoc moves each `@param` of a comment to the parameter of that name and then drops the
// tags left over, with a warning nobody sees in a package's declarations. The published packages
// document curried functions (`pow: (exponent) => (base) => number`, both named), properties of
// an options object by their bare name, and parameters a signature no longer has: that text was
// on no page. Each such tag is kept as `unmatchedParamTag`, which the pages show as a parameter
// note (comments.ts), before TypeDoc's own listeners remove the `@param` tags. A property or
// variable whose type has no signature (an event `Signal<T>`) keeps every @param its comment has.

/** Runs before TypeDoc's comment plugin, which listens at the default priority 0. */
const beforeTypeDoc = 100;

/** Kinds whose type may have no call signature; a class's or interface's @param tags are left to TypeDoc. */
const withoutSignature = ReflectionKind.Property | ReflectionKind.Variable | ReflectionKind.Accessor;

/** Copies the `@param` tags of `comment` that no parameter of `signature` takes into `unmatchedParamTag`s. */
function keepUnmatched(comment: Comment | undefined, signature: SignatureReflection | undefined): void {
  if (!comment) return;
  const parameters = signature?.parameters ?? [];
  const unmatched = comment.blockTags.filter((tag) => tag.tag === '@param' && tag.name && !tag.name.includes('.') && !parameters.some((parameter) => parameter.name === tag.name));
  // TypeDoc names a destructured parameter (`__namedParameters`) after the first unused @param.
  if (parameters.some((parameter) => parameter.name === '__namedParameters')) unmatched.shift();
  for (const tag of unmatched) {
    if (comment.blockTags.some((kept) => kept.tag === unmatchedParamTag && kept.name === tag.name)) continue;
    const kept = new CommentTag(unmatchedParamTag as `@${string}`, tag.content.map((part) => ({ ...part })));
    kept.name = tag.name;
    comment.blockTags.push(kept);
  }
}

/** Keeps every `@param` of the packages' comments that names no parameter (see above). */
export function keepUnmatchedParams(app: Application): void {
  // A function's or method's own comment, when its signature is made.
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (_context: Context, reflection: Reflection) => {
    if (reflection instanceof SignatureReflection) keepUnmatched(reflection.comment, reflection);
  }, beforeTypeDoc);
  // A variable's or property's comment, moved to the one signature of its function type at resolve;
  // one whose type has no signature of its own (an event `Signal<T>`) keeps every @param.
  app.converter.on(Converter.EVENT_RESOLVE, (_context: Context, reflection: Reflection) => {
    if (!(reflection instanceof DeclarationReflection) || !reflection.comment) return;
    const signatures = reflection.type instanceof ReflectionType ? reflection.type.declaration.getNonIndexSignatures() : reflection.getNonIndexSignatures();
    if (signatures.length === 1 && !signatures[0].comment) keepUnmatched(reflection.comment, signatures[0]);
    else if (signatures.length === 0 && reflection.kindOf(withoutSignature)) keepUnmatched(reflection.comment, undefined);
  }, beforeTypeDoc);
}
