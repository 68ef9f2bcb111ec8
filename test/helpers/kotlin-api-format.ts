// Reads the `.api` text the Kotlin binary-compatibility validator writes: one block per public
// class, its header (`public final class com/x/Y : com/x/Z {`) and one member per line
// (`public final fun getName ()Ljava/lang/String;`, `public static final field Companion Lcom/x/Y$Companion;`).

export interface ApiMember {
  /** `public abstract`, `public static synthetic`, ... */
  modifiers: string;
  kind: 'fun' | 'field';
  /** The JVM name, as the dump writes it (`<init>`, `getId-UyOe1Tk`, `copy$default`). */
  name: string;
  descriptor: string;
  /** The dump's line, 1-based. */
  line: number;
}

export interface ApiClass {
  /** `com/pexip/sdk/conference/Participant`, nested classes after a `$`. */
  name: string;
  /** `public final`, `public abstract interface`, ... (everything before `class`). */
  modifiers: string;
  supertypes: string[];
  members: ApiMember[];
  file: string;
  line: number;
}

const classHeader = /^(.*?)\s*\bclass (\S+)(?: : (.+))? \{$/;
const memberLine = /^\t(.*?)\s*\b(fun|field) (\S+) (\S+)$/;

/** The classes of one dump; throws naming the file and line on a line it does not understand. */
export function parseApiDump(text: string, file: string): ApiClass[] {
  const classes: ApiClass[] = [];
  let current: ApiClass | undefined;
  text.split('\n').forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    if (current) {
      if (line === '}') {
        classes.push(current);
        current = undefined;
        return;
      }
      const member = memberLine.exec(line);
      if (!member) throw new Error(`${file}:${lineNumber}: not a member line of the binary-compatibility validator's format: ${line}`);
      current.members.push({ modifiers: member[1], kind: member[2] as 'fun' | 'field', name: member[3], descriptor: member[4], line: lineNumber });
      return;
    }
    const header = classHeader.exec(line);
    if (!header) throw new Error(`${file}:${lineNumber}: not a class header of the binary-compatibility validator's format: ${line}`);
    current = { name: header[2], modifiers: header[1], supertypes: header[3]?.split(', ') ?? [], members: [], file, line: lineNumber };
  });
  if (current) throw new Error(`${file}:${current.line}: class ${current.name} has no closing brace`);
  return classes;
}

/** The parameter types of a method descriptor: `(Ljava/lang/String;IZ)V` gives the three of them. */
export function descriptorParameters(descriptor: string): string[] {
  const inside = descriptor.slice(1, descriptor.indexOf(')'));
  return inside.match(/\[*(?:L[^;]+;|[ZBCSIJFD])/g) ?? [];
}
