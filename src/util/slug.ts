import slugify from '@sindresorhus/slugify';

// The one rule that turns a file or folder name into a URL segment, close to the URL Docusaurus
// gives the same file: underscores are kept ("BT_basics" -> "bt_basics") and letters are
// transliterated, not dropped ("Møte" -> "mote", "Ωmega" -> "omega"). Segments are lower case
// so that two spellings of a name cannot become two routes.
// A dot between digits stays, as in Docusaurus's URLs: "4.8.1" is a version, not "4-8-1".
export function slugifySegment(name: string): string {
  return name
    .split(/(?<=\d)\.(?=\d)/)
    .map((part) => slugify(part, { decamelize: false, preserveCharacters: ['_'] }))
    .join('.')
    .replace(/^[-_.]+|[-_.]+$/g, '');
}

/**
 * The rule of portal 0.2 (accents dropped, anything else to "-"). Kept only to redirect the
 * URLs it gave to the ones the current rule gives.
 */
export function legacySlugSegment(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Strips the extension and a Docusaurus number prefix, as Docusaurus reads it:
 * "01-intro.md", "01_intro.md" and "01. intro.md" all become "intro". A name that starts like a
 * version or a date ("4.8.1.md", "2024-05-01-launch.md") has no prefix: Docusaurus ignores
 * names matching /^\d+[-_.]\d+/ there.
 */
export function baseName(fileName: string): string {
  return withoutNumberPrefix(fileName.replace(/\.(mdx?|json)$/i, ''));
}

/** A file or folder name without its Docusaurus number prefix ("02-guides" -> "guides"); a version- or date-like name ("1.2-notes") keeps it. */
export function withoutNumberPrefix(name: string): string {
  return /^\d+[-_.]\d+/.test(name) ? name : name.replace(/^\d+\s*[-_.]+\s*(?=[^-_.\s])/, '');
}

/**
 * Why a route, or a part of one (a front-matter `slug`, a redirect's `from`), cannot be a URL
 * path of the site, or undefined when it can. Each route is also a folder path in the output, so
 * no segment may climb or stay ("..", "."), and nothing may be read otherwise by a browser or a
 * file system: "%" (an escape), "?" and "#" (end the path), a backslash (a separator on
 * Windows), control characters.
 */
export function unsafeRouteReason(route: string): string | undefined {
  const character = /[\u0000-\u001f\u007f%?#\\]/.exec(route)?.[0];
  if (character !== undefined) {
    const named: Record<string, string> = { '%': '"%"', '?': '"?"', '#': '"#"', '\\': 'a backslash' };
    return `it holds ${named[character] ?? `a control character (U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`}`;
  }
  const segment = route.split('/').find((part) => part === '..' || part === '.');
  return segment ? `it has a "${segment}" segment` : undefined;
}

/** What to write instead, for the hint under a refused slug or redirect. */
export const safeRouteHint = 'Write a plain path of names, such as "/guides/setup": without "..", ".", "%", "?", "#", backslashes or control characters.';
