import assert from 'node:assert/strict';
import { test } from 'node:test';
import { storage } from '../../src/client/storage.ts';

test('browser storage touched during server rendering is an error', () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  assert.throws(() => storage.get('theme'), /Browser storage was used during server rendering/);
});
