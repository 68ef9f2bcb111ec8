import type { DeclarationText } from './declaration-texts.ts';
import type { PairComparison, Probe } from './type-probes.ts';

/**
 * What changed in a package's API between two versions: exports and members added, removed,
 * renamed and newly deprecated, from the declaration texts of each (declaration-texts.ts) and the
 * checker (a member of a union all of whose types carry it is still there); and, for everything
 * present in both, whether it changed, decided by the checker's probes (type-probes.ts), never by
 * the printed text. Breaking: a removed or renamed export or member, or a probe written for the
 * earlier version that fails against the later one.
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
  /** The first paragraph of its doc comment in the later version (the earlier, for a removal), when it has one. */
  summary?: string;
  /** For a change: the checker's proof (type-probes.ts), which a migration can run. */
  proof?: Probe;
  /** For a compatible change: the probe that shows the two types differ. */
  witness?: Probe;
}

interface SymbolTexts {
  symbol: string;
  page: string;
  texts: string[];
  deprecated?: string;
  summary?: string;
}

/** One entry per symbol: a type alias and a variable of one name are one export. */
function bySymbol(texts: DeclarationText[]): Map<string, SymbolTexts> {
  const map = new Map<string, SymbolTexts>();
  for (const text of texts) {
    const entry = map.get(text.symbol) ?? { symbol: text.symbol, page: text.page, texts: [] };
    entry.texts.push(...text.texts);
    entry.deprecated ??= text.deprecated;
    entry.summary ??= text.summary;
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

/** The changes from `before` to `after`, sorted by symbol. */
export function diffDeclarations(before: DeclarationText[], after: DeclarationText[], checked: PairComparison): DeclarationChange[] {
  const old = bySymbol(before);
  const current = bySymbol(after);
  const oldExports = new Set([...old.keys()].map(exportOf));
  const newExports = new Set([...current.keys()].map(exportOf));
  const changes: DeclarationChange[] = [];
  const removed: SymbolTexts[] = [];
  const added: SymbolTexts[] = [];
  for (const [symbol, entry] of old) {
    if (current.has(symbol) || checked.stillThere.has(symbol)) continue;
    // A removed export is one change, not one per member.
    if (symbol !== exportOf(symbol) && !newExports.has(exportOf(symbol))) continue;
    removed.push(entry);
  }
  for (const [symbol, entry] of current) {
    if (old.has(symbol) || checked.alreadyThere.has(symbol)) continue;
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
  for (const entry of added) changes.push({ kind: 'added', symbol: entry.symbol, breaking: false, after: entry.texts, ...(entry.deprecated ? { deprecated: entry.deprecated } : {}), ...(entry.summary ? { summary: entry.summary } : {}) });
  for (const [symbol, verdict] of checked.verdicts) {
    if (verdict.outcome === 'same') continue;
    const why = verdict.outcome === 'breaking' ? `earlier code fails: ${verdict.proof?.laterError?.split('\n').at(-1)}` : undefined;
    const texts = (map: Map<string, SymbolTexts>) => map.get(symbol)?.texts ?? [];
    const summary = current.get(symbol)?.summary ?? current.get(exportOf(symbol))?.summary;
    changes.push({ kind: 'changed', symbol, breaking: !!why, ...(why ? { why } : {}), ...(summary ? { summary } : {}), before: texts(old), after: texts(current), ...(verdict.proof ? { proof: verdict.proof } : {}), ...(verdict.witness ? { witness: verdict.witness } : {}) });
  }
  for (const [symbol, entry] of current) {
    const earlier = old.get(symbol);
    if (!earlier) continue;
    // An enum member's text is its value: code compiles either way, but what it sends changed.
    if (entry.page.startsWith('enums/') && !sameText(earlier.texts, entry.texts)) changes.push({ kind: 'changed', symbol, breaking: false, before: earlier.texts, after: entry.texts });
    if (entry.deprecated && !earlier.deprecated) changes.push({ kind: 'deprecated', symbol, breaking: false, deprecated: entry.deprecated, after: entry.texts });
  }
  const order: ChangeKind[] = ['removed', 'renamed', 'changed', 'deprecated', 'added'];
  return changes.sort((a, b) => a.symbol.localeCompare(b.symbol, 'en') || order.indexOf(a.kind) - order.indexOf(b.kind));
}
