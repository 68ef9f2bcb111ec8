// Half of a UTF-16 surrogate pair with no other half: a YAML or JSON "\uD800" escape, or a
// string cut between the halves. No UTF-8 file can hold one: written out it turns into "?" or
// stops the search indexer, so each is refused where it is written.

export const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** "U+D800": the first lone surrogate in `text`, or undefined. */
export function loneSurrogateIn(text: string): string | undefined {
  const match = loneSurrogate.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase()}` : undefined;
}

export const loneSurrogateHint = 'Delete the "\\uD800"-style escape, or write the whole character (both halves of the pair, or the character itself).';

/** Each string in a parsed value (config, category file) holding a lone surrogate, by its key path ("navbar.items[2].label"). */
export function loneSurrogatesOf(value: unknown, key = ''): { key: string; code: string }[] {
  if (typeof value === 'string') {
    const code = loneSurrogateIn(value);
    return code ? [{ key, code }] : [];
  }
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, child]) => loneSurrogatesOf(child, Array.isArray(value) ? `${key}[${name}]` : key ? `${key}.${name}` : name));
}
