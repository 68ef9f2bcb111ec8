import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { Page } from '../../../src/page.ts';
import { indexDocument } from '../../../src/search/index-document.ts';
import { Tabs } from '../../../templates/reference/Tabs.tsx';

const tabs = renderToStaticMarkup(
  createElement(Tabs, {
    id: 'samples',
    label: 'Request samples',
    group: 'code-language',
    tabs: [
      { label: 'curl', value: 'curl', content: 'curl --request POST' },
      { label: 'Python', value: 'python', content: 'requests.post' },
    ],
  }),
);

test("an operation's request samples are left out of the search index; a guide's tabs stay in it", () => {
  const operation = indexDocument({ kind: 'api-operation', title: 'Get an access token', route: '/docs/x/token' } as Page, `<p>Returns a token.</p>${tabs}`);
  assert.match(operation, /<div class="tabs" data-tabs="" data-pagefind-ignore="all"/);
  const guide = indexDocument({ kind: 'doc', title: 'Install', route: '/docs/x/install' } as Page, `<p>Install it.</p>${tabs}`);
  assert.doesNotMatch(guide, /data-pagefind-ignore/);
  assert.match(guide, /requests\.post/);
});
