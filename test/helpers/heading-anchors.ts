/**
 * The ids of the h2..h6 headings in some markup that lack a "#" link to themselves with an
 * accessible name; [] when every heading can be linked to.
 */
export function headingsWithoutAnchor(html: string): string[] {
  const missing: string[] = [];
  for (const [, level, id, inner] of html.matchAll(/<h([2-6])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    if (!inner.includes(`<a href="#${id}" class="hash-link" aria-label="Direct link to `)) missing.push(`h${level}#${id}`);
  }
  return missing;
}

/** How many h2..h6 headings with an id the markup holds (so a check over none cannot pass by accident). */
export const headingCount = (html: string) => [...html.matchAll(/<h[2-6][^>]*\sid="/g)].length;
