// The one rule that turns a file or folder name into a URL segment, so that
// "Über Uns.md" and "über-uns.md" land on the same predictable route ("uber-uns").
export function slugifySegment(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // drop the accents NFKD split off
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Strips the extension and a Docusaurus-style number prefix ("01-intro.md" -> "intro"). */
export function baseName(fileName: string): string {
  return fileName.replace(/\.(md|json)$/i, '').replace(/^\d+-(?=.)/, '');
}
