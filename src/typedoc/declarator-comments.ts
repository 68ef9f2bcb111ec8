import ts from 'typescript';
import { type Application, type Context, Converter, DeclarationReflection, type Reflection } from 'typedoc';

// TypeDoc reads a variable's comment from before its statement only. Bundled declarations
// document each name of one `declare const a: …, /** doc */ b: …` before its own declarator,
// and that text was on no page, twin or search result. When the statement gives a variable no
// text, the comment written before its declarator is read instead, with TypeDoc's own parser,
// so it is moved to the signature, its links resolved and its tags read like any other.

/** Runs before TypeDoc's comment plugin, which reads modifiers such as `@hidden` at priority 0. */
const beforeTypeDoc = 100;

const hasText = (reflection: DeclarationReflection) => !!reflection.comment && (reflection.comment.summary.length > 0 || reflection.comment.blockTags.length > 0);

/** Gives each variable whose statement documents nothing the comment before its own declarator. */
export function readDeclaratorComments(app: Application): void {
  app.converter.on(
    Converter.EVENT_CREATE_DECLARATION,
    (context: Context, reflection: Reflection) => {
      if (!(reflection instanceof DeclarationReflection) || hasText(reflection)) return;
      const declarator = context.getSymbolFromReflection(reflection)?.declarations?.find(ts.isVariableDeclaration);
      const own = declarator && context.getNodeComment(declarator, false);
      if (!own) return;
      // Modifiers the statement's comment gave (`@beta`) still hold.
      for (const modifier of reflection.comment?.modifierTags ?? []) own.modifierTags.add(modifier);
      reflection.comment = own;
    },
    beforeTypeDoc,
  );
}
