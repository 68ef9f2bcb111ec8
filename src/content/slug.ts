import slugify from '@sindresorhus/slugify';

// The one rule that turns a file or folder name into a URL segment, close to the URL Docusaurus
// gives the same file: underscores are kept ("BT_basics" -> "bt_basics") and letters are
// transliterated, not dropped ("Møte" -> "mote", "Ωmega" -> "omega"). Segments are lower case
// so that two spellings of a name cannot become two routes.
export function slugifySegment(name: string): string {
  return slugify(name, { decamelize: false, preserveCharacters: ['_'] }).replace(/^[-_]+|[-_]+$/g, '');
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
 * "01-intro.md", "01_intro.md" and "01. intro.md" all become "intro".
 */
export function baseName(fileName: string): string {
  return fileName.replace(/\.(mdx?|json)$/i, '').replace(/^\d+\s*[-_.]+\s*(?=[^-_.\s])/, '');
}
