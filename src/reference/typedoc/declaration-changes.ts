import { closingBracket, type DeclarationText } from './declaration-texts.ts';

/**
 * What changed in a package's API between two versions, from the declaration texts of each
 * (declaration-texts.ts): exports and members added, removed, renamed, changed and newly
 * deprecated. Breaking: a removed or renamed export or member, a member that became required,
 * a signature that needs more arguments. Any other changed text is "changed", not breaking:
 * proving a change only widens a type takes a type checker across two versions, which a
 * reader's own compiler does better.
 */
export type ChangeKind = 'added' | 'removed' | 'renamed' | 'changed' | 'deprecated';

export interface DeclarationChange {
  kind: ChangeKind;
  /** `Name` or `Name.member` (the new name, for a rename). */
  symbol: string;
  /** For a rename: the member's old name. */
  renamedFrom?: string;
  breaking: boolean;
  /** Why it breaks callers, when it does. */
  why?: string;
  /** The declaration texts in the earlier and the later version (those that exist). */
  before?: string[];
  after?: string[];
  /** For a deprecation: its `@deprecated` text (often what to use instead). */
  deprecated?: string;
}

interface SymbolTexts {
  symbol: string;
  texts: string[];
  deprecated?: string;
}

/** One entry per symbol: a type alias and a variable of one name are one export. */
function bySymbol(texts: DeclarationText[]): Map<string, SymbolTexts> {
  const map = new Map<string, SymbolTexts>();
  for (const text of texts) {
    const entry = map.get(text.symbol) ?? { symbol: text.symbol, texts: [] };
    entry.texts.push(...text.texts);
    entry.deprecated ??= text.deprecated;
    map.set(text.symbol, entry);
  }
  return map;
}

/** The export a symbol belongs to: `Name` of `Name`, `Name.member` and `Name[index]`. */
export const exportOf = (symbol: string) => symbol.split(/[.[]/)[0];
const parentOf = (symbol: string) => (symbol.includes('.') ? symbol.slice(0, symbol.lastIndexOf('.')) : undefined);
const memberName = (symbol: string) => symbol.slice(symbol.lastIndexOf('.') + 1);

/** Layout carries no meaning: runs of whitespace compare as one space. */
export const sameText = (a: string[], b: string[]) => a.length === b.length && a.every((text, index) => text.replace(/\s+/g, ' ') === b[index].replace(/\s+/g, ' '));

/** A member's text without its leading name (an identifier, a quoted name or `[symbol]`). */
const afterName = (text: string) => text.replace(/^(?:"(?:[^"\\]|\\.)*"|\[[^\]]*\]|[\w$]+)/, '');

/** A member's texts without its name: what a renamed member keeps. */
const withoutName = (texts: string[]) => texts.map(afterName).join('\n');

/** Whether a member text declares an optional member (`name?: T`, `name?(…)`). */
const isOptionalMember = (text: string) => afterName(text).startsWith('?');

/**
 * The number of parameters a call must pass: those of the first parameter list at the top level
 * of a signature text (`name<T>(a: A, b?: B, ...c: C[]): R`) without `?` or `...`.
 */
export function requiredParameters(text: string): number | undefined {
  let index = text.search(/[<(]/);
  if (index === -1) return undefined;
  if (text[index] === '<') {
    index = closingBracket(text, index) + 1;
    if (text[index] !== '(') return undefined;
  }
  const close = closingBracket(text, index);
  const inside = text.slice(index + 1, close);
  const parameters: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < inside.length; at += 1) {
    const char = inside[at];
    if (char === '=' && inside[at + 1] === '>') at += 1;
    else if ('([{<'.includes(char)) depth += 1;
    else if (')]}>'.includes(char)) depth -= 1;
    else if (char === ',' && depth === 0) {
      parameters.push(inside.slice(start, at));
      start = at + 1;
    }
  }
  if (inside.trim()) parameters.push(inside.slice(start));
  return parameters.filter((parameter) => !parameter.trim().startsWith('...') && !parameter.split(':')[0].trim().endsWith('?')).length;
}

/** Why a changed text breaks callers, when it provably does. */
function breakingChange(symbol: string, before: string[], after: string[]): string | undefined {
  if (symbol.includes('.') && before.length === 1 && after.length === 1 && isOptionalMember(before[0]) && !isOptionalMember(after[0])) {
    return 'the member became required';
  }
  // Every overload of the later version needs more arguments than the most lenient earlier one.
  const needed = (texts: string[]) => texts.map(requiredParameters).filter((count): count is number => count !== undefined);
  const earlier = needed(before);
  const later = needed(after);
  if (earlier.length && later.length && Math.min(...later) > Math.min(...earlier)) return `calls need at least ${Math.min(...later)} arguments instead of ${Math.min(...earlier)}`;
  return undefined;
}

/** The changes from `before` to `after`, sorted by symbol. */
export function diffDeclarations(before: DeclarationText[], after: DeclarationText[]): DeclarationChange[] {
  const old = bySymbol(before);
  const current = bySymbol(after);
  const oldExports = new Set([...old.keys()].map(exportOf));
  const newExports = new Set([...current.keys()].map(exportOf));
  const changes: DeclarationChange[] = [];
  const removed: SymbolTexts[] = [];
  const added: SymbolTexts[] = [];
  for (const [symbol, entry] of old) {
    if (current.has(symbol)) continue;
    // A removed export is one change, not one per member.
    if (symbol !== exportOf(symbol) && !newExports.has(exportOf(symbol))) continue;
    removed.push(entry);
  }
  for (const [symbol, entry] of current) {
    if (old.has(symbol)) continue;
    if (symbol !== exportOf(symbol) && !oldExports.has(exportOf(symbol))) continue;
    added.push(entry);
  }
  // A member removed and another added to the same parent with the same text but its name: a rename.
  for (const gone of [...removed]) {
    const parent = parentOf(gone.symbol);
    if (!parent) continue;
    const candidates = added.filter((entry) => parentOf(entry.symbol) === parent && withoutName(entry.texts) === withoutName(gone.texts));
    const siblings = removed.filter((entry) => parentOf(entry.symbol) === parent && withoutName(entry.texts) === withoutName(gone.texts));
    if (candidates.length !== 1 || siblings.length !== 1) continue;
    const [renamed] = candidates;
    removed.splice(removed.indexOf(gone), 1);
    added.splice(added.indexOf(renamed), 1);
    changes.push({ kind: 'renamed', symbol: renamed.symbol, renamedFrom: memberName(gone.symbol), breaking: true, why: `code that uses ${memberName(gone.symbol)} no longer compiles`, before: gone.texts, after: renamed.texts });
  }
  for (const entry of removed) changes.push({ kind: 'removed', symbol: entry.symbol, breaking: true, why: 'code that uses it no longer compiles', before: entry.texts });
  for (const entry of added) changes.push({ kind: 'added', symbol: entry.symbol, breaking: false, after: entry.texts, ...(entry.deprecated ? { deprecated: entry.deprecated } : {}) });
  for (const [symbol, entry] of current) {
    const earlier = old.get(symbol);
    if (!earlier) continue;
    if (!sameText(earlier.texts, entry.texts)) {
      const why = breakingChange(symbol, earlier.texts, entry.texts);
      changes.push({ kind: 'changed', symbol, breaking: !!why, ...(why ? { why } : {}), before: earlier.texts, after: entry.texts });
    }
    if (entry.deprecated && !earlier.deprecated) changes.push({ kind: 'deprecated', symbol, breaking: false, deprecated: entry.deprecated, after: entry.texts });
  }
  const order: ChangeKind[] = ['removed', 'renamed', 'changed', 'deprecated', 'added'];
  return changes.sort((a, b) => a.symbol.localeCompare(b.symbol, 'en') || order.indexOf(a.kind) - order.indexOf(b.kind));
}
