import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PortalConfig } from '../../../src/config/schema.ts';
import type { Page } from '../../../src/page.ts';
import { addPageHistory, lastUpdateOf } from '../../../src/site/page-history.ts';

const git = '2026-06-05T12:30:00Z';

describe('"Last updated": front matter before git', () => {
  test('last_update.date outranks date, which outranks the last commit; with none, nothing', () => {
    assert.equal(lastUpdateOf({ declaredDates: { date: '2025-03-14T00:00:00Z', lastUpdate: { date: '2025-04-01T00:00:00Z' } } }, git), '2025-04-01T00:00:00Z');
    assert.equal(lastUpdateOf({ declaredDates: { date: '2025-03-14T00:00:00Z', lastUpdate: { author: 'Jane' } } }, git), '2025-03-14T00:00:00Z');
    assert.equal(lastUpdateOf({ declaredDates: { date: '2025-03-14T00:00:00Z' } }, undefined), '2025-03-14T00:00:00Z', 'without git history');
    assert.equal(lastUpdateOf({}, git), git);
    assert.equal(lastUpdateOf({}, undefined), undefined);
  });

  test('a page takes its file\'s commit unless its front matter says otherwise, and the author only from front matter', () => {
    const page = (file: string, declaredDates?: Page['declaredDates']) => ({ kind: 'custom', source: { file }, declaredDates }) as Page;
    const pages = [page('content/pages/a.md'), page('content/pages/b.md', { lastUpdate: { author: 'Jane Writer' } }), page('content/pages/c.md', { date: '2025-03-14T00:00:00Z' })];
    // Only doc pages read the config (their area's editUrl).
    addPageHistory(pages, {} as PortalConfig, { byFile: new Map(pages.map((each) => [each.source.file, git])) });
    assert.deepEqual(pages.map((each) => [each.lastUpdated, each.lastUpdatedBy]), [[git, undefined], [git, 'Jane Writer'], ['2025-03-14T00:00:00Z', undefined]]);
  });
});
