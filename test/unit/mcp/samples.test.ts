import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatSample, samplesIn, twinSamples } from '../../../src/mcp/samples.ts';

const twin = [
  '# Join a call',
  '',
  '## Kotlin',
  '',
  '```kotlin',
  'val call = client.join("room")',
  '```',
  '✓ Checked with Kotlin 2.2.21 · compiled against the SDK',
  '',
  '## Shell',
  '',
  '```sh',
  'curl https://example.test',
  '```',
  '',
  'Not checked: needs a live conference',
  '',
  '```json',
  '{ "a": 1 }',
  '```',
  '',
  'A paragraph that is no check line.',
].join('\n');

describe('twinSamples', () => {
  test('each fenced block with its language, heading and the check line after it', () => {
    const samples = twinSamples(twin);
    assert.deepEqual(
      samples.map(({ index, language, label, check }) => ({ index, language, label, check })),
      [
        { index: 1, language: 'kotlin', label: 'Kotlin', check: '✓ Checked with Kotlin 2.2.21 · compiled against the SDK' },
        { index: 2, language: 'sh', label: 'Shell', check: 'Not checked: needs a live conference' },
        { index: 3, language: 'json', label: 'Shell', check: undefined },
      ],
    );
    assert.equal(samples[0].code, 'val call = client.join("room")');
  });

  test('a sample without a check line says the check is not stated', () => {
    const text = formatSample(twinSamples(twin)[2], '/docs/x');
    assert.match(text, /^```json\n\{ "a": 1 \}\n```$/m);
    assert.match(text, /^Check: not stated/m);
  });

  test('a language picks by fence language or heading, without case', () => {
    assert.deepEqual(samplesIn(twinSamples(twin), 'KOTLIN').map((sample) => sample.index), [1]);
    assert.deepEqual(samplesIn(twinSamples(twin), 'shell').map((sample) => sample.index), [2, 3]);
  });

  test('a language as a tab label shows it, without its parenthesis, or by a common name', () => {
    const tabs = [
      { language: 'bash', label: 'curl' },
      { language: 'js', label: 'JavaScript' },
      { language: 'js', label: 'Node' },
      { language: 'python', label: 'Python' },
      { language: 'ts', label: 'TypeScript (@pexip/vpaas-api)' },
    ];
    const labels = (language: string) => samplesIn(tabs, language).map((sample) => sample.label);
    assert.deepEqual(labels('TypeScript (@pexip/vpaas-api)'), ['TypeScript (@pexip/vpaas-api)']);
    assert.deepEqual(labels('TypeScript'), ['TypeScript (@pexip/vpaas-api)']);
    assert.deepEqual(labels('ts'), ['TypeScript (@pexip/vpaas-api)']);
    assert.deepEqual(labels('py'), ['Python']);
    // A tab named as asked wins over the languages it shares a fence language with.
    assert.deepEqual(labels('node'), ['Node']);
    assert.deepEqual(labels('js'), ['JavaScript', 'Node']);
    assert.deepEqual(labels('shell'), ['curl']);
    assert.deepEqual(labels('rust'), []);
  });
});
