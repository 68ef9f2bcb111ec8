import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerCount } from '../../../src/build/worker-threads.ts';

test('a job gets workers only when it is large, one per free core, at most 8', () => {
  assert.equal(workerCount(149, 0, 2), 1, 'below 150 items this thread does the work');
  assert.equal(workerCount(150, 0, 2), 1, 'one worker per 150 items');
  assert.equal(workerCount(1500, 0, 2), 2);
  assert.equal(workerCount(1500, 0, 16), 8);
  assert.equal(workerCount(400, 0, 16), 3);
});

test('a core taken by other work of the phase (the social cards) is left to it', () => {
  // Two cores, one drawing cards: the pages are made on this thread, not by workers taking turns with the cards.
  assert.equal(workerCount(1500, 1, 2), 1);
  assert.equal(workerCount(1500, 1, 4), 3);
  assert.equal(workerCount(1500, 1, 1), 1);
});
