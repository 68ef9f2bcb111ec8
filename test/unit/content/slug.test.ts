import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseName, slugifySegment } from '../../../src/content/slug.ts';

test('file and folder names become predictable route segments', () => {
  const cases: [string, string][] = [
    ['use-a-pin', 'use-a-pin'],
    ['Use A PIN', 'use-a-pin'],
    ['Über Uns', 'uber-uns'],
    ['café  crème', 'cafe-creme'],
    ['Web App 3 (plugins)', 'web-app-3-plugins'],
    ['--odd__name--', 'odd-name'],
    ['Ωmega', 'mega'],
  ];
  for (const [input, expected] of cases) assert.equal(slugifySegment(input), expected, input);
});

test('extensions and number prefixes are dropped from file names', () => {
  assert.equal(baseName('01-introduction.md'), 'introduction');
  assert.equal(baseName('v38.md'), 'v38');
  assert.equal(baseName('2024.md'), '2024');
});
