import type { PortalConfig } from '../config/schema.ts';
import type { Page } from '../page.ts';
import type { AreaId } from '../shared/types.ts';
import type { GitDates } from './git-dates.ts';

/**
 * Each page's "Last updated" (its source file's last commit: guides, top-level pages and API
 * pages from their spec) and, for guides in an area with an `editUrl`, its "Edit this page" link.
 */
export function addPageHistory(pages: Iterable<Page>, config: PortalConfig, dates: GitDates): void {
  for (const page of pages) {
    const file = page.source.file.split('\\').join('/');
    page.lastUpdated = dates.byFile.get(file);
    const editUrl = page.kind === 'doc' && page.area ? config.areas[page.area as AreaId].editUrl : undefined;
    if (editUrl) page.editUrl = `${editUrl.replace(/\/?$/, '/')}${file.split('/').map(encodeURIComponent).join('/')}`;
  }
}
