import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeferredWrites } from '../../../src/serve/deferred-writes.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('scheduled work waits for the delay, then runs once, in the order it was scheduled', async () => {
  const writes = new DeferredWrites(40);
  const done: string[] = [];
  writes.schedule(() => done.push('first twin'));
  writes.schedule(() => done.push('second twin'));
  assert.deepEqual(done, [], 'nothing runs at once: the reload goes first');
  await settle(100);
  assert.deepEqual(done, ['first twin', 'second twin']);
  writes.flush();
  assert.deepEqual(done, ['first twin', 'second twin'], 'nothing runs twice');
});

test('a flush runs what waits before newer work, so an older write never lands after a newer one', async () => {
  const writes = new DeferredWrites(40);
  let file = 'as built';
  writes.schedule(() => (file = 'save 1'));
  // The next save arrives before the delay is over: the rebuild flushes first, then schedules its own.
  writes.flush();
  writes.schedule(() => (file = 'save 2'));
  assert.equal(file, 'save 1');
  await settle(100);
  assert.equal(file, 'save 2');
});

test('a failing write is reported and the others still run', () => {
  const writes = new DeferredWrites(1000);
  const done: string[] = [];
  const reported: string[] = [];
  writes.schedule(
    () => {
      throw new Error('disk full');
    },
    () => done.push('next'),
  );
  writes.flush((error) => reported.push(error.message));
  assert.deepEqual(reported, ['disk full']);
  assert.deepEqual(done, ['next']);
});
