import { descriptorParameters, type ApiClass, type ApiMember } from './kotlin-api-format.ts';

// Holds stand-in declarations (their `.api` dump) against a library's own `.api` dumps. A stand-in
// may declare fewer members than the library, since it stands in for what samples use; but what
// it declares must be the library's, and some things must be whole:
// - a data class's primary constructor (positional calls and destructuring depend on it);
// - an interface's abstract members (an implementation written against a partial interface
//   compiles here and fails for a reader), unless the interface is listed as partial with a reason
//   and no sample implements it.

export interface StandInCheck {
  /** Dotted short names of the types samples implement (`CameraVideoTrack.Callback`). */
  implementedBySamples: Set<string>;
  /** Interfaces (JVM names) allowed to declare fewer abstract members, each with why. */
  partialInterfaces: Record<string, string>;
}

export interface StandInReport {
  problems: string[];
  classes: number;
  members: number;
}

const signature = (member: Pick<ApiMember, 'name' | 'descriptor'>) => `${member.name}${member.descriptor}`;
/** `com/x/A$B` as a reader writes it: `A.B`. */
export const shortName = (name: string) => name.slice(name.lastIndexOf('/') + 1).replaceAll('$', '.');
/** `copy-n-AMAGw$default` and `getId-UyOe1Tk` name `copy` and `getId`: the suffix encodes value-class parameters. */
const baseName = (name: string) => name.replace(/\$default$/, '').replace(/-[\w-]{7}$/, '');
const isCopy = (member: ApiMember) => member.kind === 'fun' && baseName(member.name) === 'copy' && !member.name.endsWith('$default');
const has = (modifiers: string, word: string) => modifiers.split(' ').includes(word);
const describe = (member: ApiMember) => `${member.modifiers} ${member.kind} ${member.name} ${member.descriptor}`;

function closestMembers(libraryClass: ApiClass, member: ApiMember): string {
  const same = libraryClass.members.filter((candidate) => baseName(candidate.name) === baseName(member.name));
  return same.length === 0 ? `no member named ${baseName(member.name)}` : same.map(describe).join('; ');
}

function closestClasses(library: Map<string, ApiClass>, name: string): string {
  const slash = name.lastIndexOf('/');
  const alike = [...library.keys()].filter((other) => other.endsWith(name.slice(slash)) || other.startsWith(name.slice(0, slash + 1)));
  return alike.slice(0, 8).join(', ') || 'nothing alike';
}

export function checkStandIns(standIns: ApiClass[], library: Map<string, ApiClass>, check: StandInCheck): StandInReport {
  const problems: string[] = [];
  let members = 0;
  for (const standIn of standIns) {
    const name = shortName(standIn.name);
    const libraryClass = library.get(standIn.name);
    if (!libraryClass) {
      problems.push(`stand-in class ${standIn.name} is not in the dumps; they have: ${closestClasses(library, standIn.name)}`);
      continue;
    }
    const file = libraryClass.file;
    if (libraryClass.modifiers !== standIn.modifiers) {
      problems.push(`stand-in ${name} is "${standIn.modifiers} class" but ${file}:${libraryClass.line} has "${libraryClass.modifiers} class"`);
    }
    for (const supertype of standIn.supertypes.filter((type) => !libraryClass.supertypes.includes(type))) {
      problems.push(`stand-in ${name} extends ${supertype}, which ${file}:${libraryClass.line} does not (it has: ${libraryClass.supertypes.join(', ') || 'no supertype'})`);
    }
    const libraryMembers = new Map(libraryClass.members.map((member) => [signature(member), member]));
    for (const member of standIn.members) {
      members++;
      const libraryMember = libraryMembers.get(signature(member));
      if (!libraryMember) {
        problems.push(`stand-in ${name}.${member.name}${member.descriptor} is not in ${file}; the SDK has: ${closestMembers(libraryClass, member)}`);
        continue;
      }
      if (has(member.modifiers, 'static') !== has(libraryMember.modifiers, 'static')) {
        problems.push(`stand-in ${name}.${member.name}${member.descriptor} is "${member.modifiers}" but ${file}:${libraryMember.line} has "${libraryMember.modifiers}": static and instance calls differ`);
      }
      if (has(libraryMember.modifiers, 'abstract') && !has(member.modifiers, 'abstract')) {
        problems.push(`stand-in ${name}.${member.name}${member.descriptor} has a body, but ${file}:${libraryMember.line} is abstract: an implementation could leave it out here and not there`);
      }
    }
    const copy = standIn.members.find(isCopy);
    const libraryCopy = libraryClass.members.find(isCopy);
    if (copy && libraryCopy && copy.descriptor !== libraryCopy.descriptor) {
      problems.push(`stand-in data class ${name} has the primary constructor (${descriptorParameters(copy.descriptor).join(', ')}), ${file}:${libraryCopy.line} has (${descriptorParameters(libraryCopy.descriptor).join(', ')}): positional calls and destructuring differ`);
    }
    if (has(standIn.modifiers, 'interface')) {
      const present = new Set(standIn.members.map(signature));
      const missing = libraryClass.members.filter((member) => has(member.modifiers, 'abstract') && !present.has(signature(member)));
      const implemented = [...check.implementedBySamples].some((written) => name === written || name.endsWith(`.${written}`));
      const partial = check.partialInterfaces[standIn.name];
      if (missing.length > 0 && (partial === undefined || implemented)) {
        const why = implemented ? 'a sample implements it' : 'an implementation written against it would compile here and not for a reader';
        problems.push(`stand-in interface ${name} lacks ${missing.length} abstract member(s) of ${file}:${libraryClass.line} (${why}): ${missing.map((member) => `${member.name}${member.descriptor}`).join(', ')}`);
      } else if (missing.length === 0 && partial !== undefined) {
        problems.push(`stand-in interface ${name} is listed as partial but declares every abstract member of ${file}:${libraryClass.line}: take it off the list`);
      }
    }
  }
  for (const listed of Object.keys(check.partialInterfaces).filter((name) => !standIns.some((standIn) => standIn.name === name))) {
    problems.push(`${listed} is listed as a partial interface but is not a stand-in: take it off the list`);
  }
  return { problems, classes: standIns.length, members };
}
