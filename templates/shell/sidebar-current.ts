// Marks the current page in shared sidebar markup. A string operation, so the server and the
// client mark it the same way and hydration matches.
export function markCurrentInSidebar(html: string, route: string): string {
  const cleared = html.replace(/ aria-current="page"/g, '');
  const escaped = route.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return cleared.split(`href="${escaped}"`).join(`href="${escaped}" aria-current="page"`);
}
