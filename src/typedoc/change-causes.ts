import type { DeclarationChange } from './declaration-changes.ts';

/**
 * Why each changed entry of one pair changed, when another entry explains it: the exported types,
 * added or changed in the same pair, that its later declaration newly names (a `string` id that
 * became `ParticipantID`) or that it names in both versions while they changed themselves. One
 * changed type reaches every export that exposes it, so a changelog groups those entries under it
 * instead of listing dozens of unrelated-looking breaking changes. Keyed by symbol; an entry with
 * no such type is not in the map.
 */
export function changeCauses(changes: DeclarationChange[]): Map<string, string[]> {
  const types = new Map(changes.filter((change) => !/[.[]/.test(change.symbol) && (change.kind === 'added' || change.kind === 'changed')).map((change) => [change.symbol, change.kind]));
  const names = (texts: string[] | undefined) => new Set((texts ?? []).join('\n').match(/[A-Za-z_$][\w$]*/g) ?? []);
  const causes = new Map<string, string[]>();
  for (const change of changes) {
    if (change.kind !== 'changed') continue;
    const [before, after] = [names(change.before), names(change.after)];
    const own = change.symbol.split(/[.[]/)[0];
    const found = [...types].filter(([type, kind]) => type !== own && after.has(type) && (!before.has(type) || kind === 'changed')).map(([type]) => type).sort();
    if (found.length) causes.set(change.symbol, found);
  }
  return causes;
}
