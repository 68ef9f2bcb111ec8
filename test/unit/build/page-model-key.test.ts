import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageModelKey } from '../../../src/build/page-job.ts';
import type { Page } from '../../../src/page.ts';

// A page is reused when its model's key is the one of an earlier build: every edit to the model,
// in its long texts or anywhere else, must change the key, and an equal model must keep it.

const guide = (): Page =>
  ({
    kind: 'doc',
    route: '/docs/rooms/booking',
    title: 'Booking a room',
    description: 'How a room is booked.',
    toc: [{ depth: 2, text: 'Before you book', id: 'before-you-book' }],
    links: [{ href: '/docs/rooms/cancel', line: 4, column: 2 }],
    source: { file: 'content/docs/rooms/booking.md', line: 1 },
    body: { html: '<p>Pick a "room", then a time.</p>' },
    twin: 'Pick a "room", then a time.\n',
  }) as unknown as Page;

const edits: [string, (page: Page & Record<string, unknown>) => void][] = [
  ['the article HTML', (page) => ((page.body as { html: string }).html = '<p>Pick a "room", then a date.</p>')],
  ['the twin Markdown', (page) => (page.twin = 'Pick a "room", then a date.\n')],
  ['the twin removed', (page) => delete page.twin],
  ['the twin emptied', (page) => (page.twin = '')],
  ['the HTML moved to the twin', (page) => {
    (page.body as { html: string }).html = '';
    page.twin = '<p>Pick a "room", then a time.</p>Pick a "room", then a time.\n';
  }],
  ['the title', (page) => (page.title = 'Booking rooms')],
  ['a link position', (page) => ((page.links[0] as { line: number }).line = 5)],
  ['a TOC entry', (page) => (page.toc[0]!.text = 'Before booking')],
  ['the doc cards of the body', (page) => ((page.body as Record<string, unknown>).docCards = [])],
  ['the breadcrumbs', (page) => (page.breadcrumbs = [{ label: 'Rooms', route: '/docs/rooms' }])],
  ['the next page', (page) => (page.next = { title: 'Cancelling', route: '/docs/rooms/cancel' })],
  ['the last update', (page) => (page.lastUpdated = '2026-01-02T00:00:00Z')],
];

describe('pageModelKey', () => {
  test('an equal model has the same key', () => {
    assert.equal(pageModelKey(guide()), pageModelKey(guide()));
  });

  for (const [name, edit] of edits) {
    test(`an edit to ${name} changes the key`, () => {
      const edited = guide() as Page & Record<string, unknown>;
      edit(edited);
      assert.notEqual(pageModelKey(edited), pageModelKey(guide()));
    });
  }

  test('no twin and an empty twin are told apart', () => {
    const empty = guide();
    empty.twin = '';
    const none = guide();
    delete none.twin;
    assert.notEqual(pageModelKey(empty), pageModelKey(none));
  });

  test('a page whose body has no HTML is keyed by its whole model', () => {
    const category = (title: string) => ({ kind: 'category', route: '/docs/category/rooms', title: 'Rooms', toc: [], links: [], source: { file: 'sidebars' }, body: { entries: [{ title, href: '/docs/rooms/booking' }] } }) as unknown as Page;
    assert.notEqual(pageModelKey(category('Booking a room')), pageModelKey(category('Booking rooms')));
  });
});
