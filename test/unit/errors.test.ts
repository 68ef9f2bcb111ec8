import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closest } from '../../src/errors.ts';

describe('closest ("did you mean")', () => {
  const routes = ['/docs/infinity/introduction', '/docs/infinity/guides/first-guide', '/docs/vpaas/introduction'];

  test('names the nearest candidate, the first of equals, and nothing when all are far', () => {
    assert.equal(closest('/docs/infinity/guides/frist-guide', routes), '/docs/infinity/guides/first-guide');
    assert.equal(closest('/docs/vpaas/intro', routes), undefined);
    assert.equal(closest('/docs/vpas/introduction', routes), '/docs/vpaas/introduction');
    assert.equal(closest('ab', ['xy', 'ax', 'ay']), 'ax');
    assert.equal(closest('abcd', ['abcdefgh', 'abxd']), 'abxd');
  });

  test('a 100,000-character target against thousands of candidates answers at once', () => {
    const many = Array.from({ length: 5000 }, (_, index) => `/docs/area-${index % 7}/section-${index}/page-name-${index}`);
    const started = performance.now();
    assert.equal(closest(`/docs/${'a'.repeat(100_000)}`, many), undefined);
    // Generous: the edit distance to every candidate took minutes here.
    assert.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`);
    assert.equal(closest('/docs/area-3/section-10/page-name-10', many), '/docs/area-3/section-10/page-name-10');
  });
});
