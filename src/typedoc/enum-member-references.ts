import type { JSONOutput } from 'typedoc';
import { Kind } from './symbols.ts';

/**
 * Names every reference to an enum member by its enum, `Colour.Red`, as the declaration spells
 * it and the compiler prints it: TypeDoc names such a reference by the member alone (`Red`).
 * The reference keeps its target, so it still links to the member's anchor.
 */
export function qualifyEnumMemberReferences(project: JSONOutput.ProjectReflection): void {
  const enumOfMember = new Map<number, string>();
  const references: { target: number; name: string }[] = [];
  const visit = (node: unknown, enumName?: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, enumName);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as { kind?: number; id?: number; name?: string; type?: unknown; target?: unknown };
    if (record.kind === Kind.EnumMember && enumName && typeof record.id === 'number') enumOfMember.set(record.id, enumName);
    if (record.type === 'reference' && typeof record.target === 'number') references.push(record as { target: number; name: string });
    const ownEnum = record.kind === Kind.Enum ? record.name : undefined;
    for (const [key, value] of Object.entries(node)) visit(value, key === 'children' ? ownEnum : undefined);
  };
  visit(project);
  for (const reference of references) {
    const enumName = enumOfMember.get(reference.target);
    if (enumName && !reference.name.includes('.')) reference.name = `${enumName}.${reference.name}`;
  }
}
