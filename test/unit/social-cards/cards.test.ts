import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SocialCards } from '../../../src/social-cards/cards.ts';

const texts = Array.from({ length: 20 }, (_, n) => ({ title: `Guide number ${n}`, area: 'Infinity', siteTitle: 'example.test' }));

function named(cacheDir: string): SocialCards {
  const cards = new SocialCards(cacheDir, 'https://example.test');
  for (const text of texts) cards.imageFor(text);
  return cards;
}

test('cards named before the pages render are drawn on a worker; the next build finds them in the cache, and redraws one cut short', { timeout: 120_000 }, async () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cards-'));
  const cold = named(cacheDir);
  cold.drawAhead();
  // Before finish is called, only the worker can be drawing them.
  const pngs = () => fs.readdirSync(cacheDir).filter((file) => file.endsWith('.png')).length;
  for (const started = Date.now(); pngs() < 20; ) {
    assert.ok(Date.now() - started < 60_000, `the worker drew ${pngs()} of 20 cards in a minute`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const first = await cold.finish();
  assert.deepEqual(first.stats, { drawn: 20, fromCache: 0 });
  assert.equal(first.files.size, 20);
  for (const file of first.files.values()) {
    const png = fs.readFileSync(file);
    assert.equal(png.subarray(1, 4).toString(), 'PNG', file);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  }

  const warm = named(cacheDir);
  warm.drawAhead();
  assert.deepEqual((await warm.finish()).stats, { drawn: 0, fromCache: 20 });

  const [cut] = first.files.values();
  fs.truncateSync(cut, 100);
  const damaged = named(cacheDir);
  damaged.drawAhead(); // one card missing: fewer than a worker is started for, drawn by finish
  assert.deepEqual((await damaged.finish()).stats, { drawn: 1, fromCache: 19 });
  assert.equal(fs.readFileSync(cut).subarray(1, 4).toString(), 'PNG');
});
