import { type Document, isAlias, visit } from 'yaml';

// YAML aliases (*name) repeat what an anchor (&name) holds; nested ones multiply ("billion
// laughs": nine levels of nine make 387 million values from 200 bytes). The `yaml` package
// refuses past a limit with a ReferenceError; this turns that into where the writer looks.

/** The text of the problem, for every file kind that reads YAML. */
export const aliasExpansionMessage = 'its YAML aliases (*name) expand past what portal reads: each repeats its anchor (&name), and nested ones multiply';
export const aliasExpansionHint = 'Write the repeated values out, or use fewer levels of aliases inside anchors.';

/**
 * The document's value, or, when its aliases expand past `maxAliasCount` (the `yaml` package's
 * measure: uses of an anchor times the aliases inside it), the offset of the first alias.
 */
export function yamlValue(document: Document, maxAliasCount = 100): { value: unknown } | { aliasOffset: number } {
  try {
    return { value: document.toJS({ maxAliasCount }) };
  } catch (error) {
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    let aliasOffset = 0;
    visit(document, {
      Alias: (_key, node) => {
        if (isAlias(node)) aliasOffset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    return { aliasOffset };
  }
}
