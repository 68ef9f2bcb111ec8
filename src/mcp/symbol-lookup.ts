import { closest } from '../errors.ts';
import type { MemberEntry, SymbolEntry } from '../markdown-twins/mcp-data.ts';

// How lookup_symbol finds a name among the published exports and their members: exact case
// first, then any case; among equals, what a call names (functions, methods) before the types a
// REST body or an options bag is described by; and close names when nothing matches.

/** An export, or a member of one (with the export it belongs to). */
export type SymbolMatch = { entry: SymbolEntry; member?: MemberEntry };

/** Kinds in the order a name is most likely meant: a call's name is a function or method first. */
const kindRank = ['function', 'method', 'constructor', 'class', 'variable', 'accessor', 'property', 'enum member', 'enum', 'namespace', 'interface', 'type alias'];
const rankOf = (match: SymbolMatch) => {
  const rank = kindRank.indexOf((match.member ?? match.entry).kind);
  return rank === -1 ? kindRank.length : rank;
};

/** The exports and members named `name` ("Name", "member" or "Name.member"), best first; empty when none is. */
export function findSymbols(entries: SymbolEntry[], name: string): SymbolMatch[] {
  const wanted = name.trim();
  const dot = wanted.lastIndexOf('.');
  const [owner, memberName] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot + 1)] : [undefined, wanted];
  const candidates: SymbolMatch[] = [];
  for (const entry of entries) {
    if (!owner) candidates.push({ entry });
    for (const member of entry.members ?? []) if (!owner || owner.toLowerCase() === entry.name.toLowerCase()) candidates.push({ entry, member });
  }
  const nameOf = (match: SymbolMatch) => (match.member ?? match.entry).name;
  const ownerExact = (match: SymbolMatch) => !owner || match.entry.name === owner;
  let found = candidates.filter((match) => nameOf(match) === memberName && ownerExact(match));
  if (!found.length) found = candidates.filter((match) => nameOf(match).toLowerCase() === memberName.toLowerCase());
  // Stable: equal kinds keep the packages' configured order.
  return found.map((match, index) => ({ match, index })).sort((a, b) => rankOf(a.match) - rankOf(b.match) || a.index - b.index).map(({ match }) => match);
}

/** Up to `count` names close to `name` ("did you mean"), exports and members alike (a member as Export.member), closest first. */
export function closeSymbolNames(entries: SymbolEntry[], name: string, count = 3): string[] {
  // Compared as typed (a bare member name, or Export.member when the query has a dot), shown qualified.
  const shown = new Map<string, string>();
  for (const entry of entries) {
    if (!shown.has(entry.name)) shown.set(entry.name, entry.name);
    for (const member of entry.members ?? []) {
      const key = name.includes('.') ? `${entry.name}.${member.name}` : member.name;
      if (!shown.has(key)) shown.set(key, `${entry.name}.${member.name}`);
    }
  }
  const suggestions: string[] = [];
  const left = new Set(shown.keys());
  for (let next = closest(name, left); next && suggestions.length < count; next = closest(name, left)) {
    suggestions.push(shown.get(next)!);
    left.delete(next);
  }
  return suggestions;
}
