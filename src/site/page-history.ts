import { policyOf } from '../kinds/table.ts';
import type { PortalConfig } from '../config/schema.ts';
import type { Page } from '../page.ts';
import type { AreaId } from '../shared/types.ts';
import type { GitDates } from './git-dates.ts';

/**
 * A page's "Last updated": what its front matter declares (Docusaurus's `last_update.date`, then
 * `date`) before its source's last commit, so that a build from a tarball or a shallow clone,
 * where git knows nothing, still has the dates writers gave.
 */
export function lastUpdateOf(page: Pick<Page, 'declaredDates'>, gitDate: string | undefined): string | undefined {
  return page.declaredDates?.lastUpdate?.date ?? page.declaredDates?.date ?? gitDate;
}

/**
 * Each page's "Last updated" (see lastUpdateOf: guides, top-level pages and API pages from their
 * spec) with its author when the front matter names one, and, for guides in an area with an
 * `editUrl`, its "Edit this page" link.
 */
export function addPageHistory(pages: Iterable<Page>, config: PortalConfig, dates: GitDates): void {
  for (const page of pages) {
    const file = page.source.file.split('\\').join('/');
    page.lastUpdated = lastUpdateOf(page, dates.byFile.get(file));
    page.lastUpdatedBy = page.declaredDates?.lastUpdate?.author;
    const editUrl = policyOf(page).editable && page.area ? config.areas[page.area as AreaId].editUrl : undefined;
    if (editUrl) page.editUrl = `${editUrl.replace(/\/?$/, '/')}${file.split('/').map(encodeURIComponent).join('/')}`;
  }
}
