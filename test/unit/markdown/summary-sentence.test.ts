import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { createContentProcessor } from '../../../src/content/doc-pages.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { summarySentence } from '../../../src/markdown/summary-sentence.ts';
import { buildApiReference } from '../../../src/openapi/index.ts';
import { summaryOf } from '../../../src/typedoc/pages.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';

describe('a summary keeps every code span of its source as written', () => {
  test('code spans keep their underscores, asterisks and spacing; emphasis and links go', () => {
    assert.equal(summarySentence('Returns the `participant_secret` and the *new* __status__. More text.'), 'Returns the participant_secret and the new status.');
    assert.equal(summarySentence('Use `a*b_c` with [the guide](/docs/guide) and _care_.'), 'Use a*b_c with the guide and care.');
    assert.equal(summarySentence('Reads ``a `tick` inside`` here.'), 'Reads a `tick` inside here.');
    // A snake_case word outside code is an identifier too, not emphasis.
    assert.equal(summarySentence('Send participant_id with the call.'), 'Send participant_id with the call.');
    assert.equal(summarySentence('First paragraph without a stop\n\nSecond.'), 'First paragraph without a stop');
    const long = summarySentence(`${'word '.repeat(60)}end.`)!;
    assert.ok(long.length <= 200 && long.endsWith('…'), long);
    assert.equal(summarySentence(''), undefined);
  });

  test('an API page\'s description (its meta description, search text and llms.txt line) keeps `participant_secret`', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-summary-'));
    fs.writeFileSync(
      path.join(root, 'seats.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Seats API, version: 1.0.0 }',
        'paths:',
        '  /seats:',
        '    post:',
        '      operationId: createSeat',
        '      description: |',
        "        Creates a seat and returns its `participant_secret`, which the _seat's_ client sends to join.",
        '',
        '        Keep it on the server.',
        '      responses:',
        "        '200': { description: The seat. }",
        '',
      ].join('\n'),
    );
    const config = validateConfig({ ...fixtureConfig, openapi: [{ spec: 'seats.yaml', area: 'vpaas', folder: 'vpaas/seats', sidebar: { label: 'Seats' } }] });
    const diagnostics = new Diagnostics();
    const { pages } = await buildApiReference(root, config, createContentProcessor([], new AssetRegistry(), { root: repoRoot }), renderArticle, diagnostics);
    assert.deepEqual(diagnostics.errors, []);
    const page = pages.find((candidate) => candidate.route === '/docs/vpaas/seats/create-seat');
    assert.equal(page?.description, "Creates a seat and returns its participant_secret, which the seat's client sends to join.");
  });

  test('an npm reference summary keeps the identifiers of its code parts', () => {
    const declaration = { id: 1, name: 'Seat', variant: 'declaration', kind: 256, flags: {}, comment: { summary: [{ kind: 'text', text: 'Holds the ' }, { kind: 'code', text: '`participant_secret`' }, { kind: 'text', text: ' of a **seat**. Then more.' }] } };
    assert.equal(summaryOf(declaration as unknown as Parameters<typeof summaryOf>[0]), 'Holds the participant_secret of a seat.');
  });
});
