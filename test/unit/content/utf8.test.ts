import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeUtf8 } from '../../../src/util/utf8.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

test('valid UTF-8 decodes, without a byte-order mark', () => {
  assert.deepEqual(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'Grüße, 世界\n')), { ok: true, text: 'Grüße, 世界\n' });
});

test('the first invalid byte is located by line and column, counting characters, not bytes', () => {
  assert.deepEqual(decodeUtf8(bytes('one\ntwo ü\nth', [0xe9], 're\n')), { ok: false, line: 3, column: 3 });
  // Multi-byte characters before the bad byte count once each.
  assert.deepEqual(decodeUtf8(bytes('ééé', [0xff])), { ok: false, line: 1, column: 4 });
  // A multi-byte character cut short by the end of the line.
  assert.deepEqual(decodeUtf8(bytes('ok\nab', [0xe2, 0x82], '\n')), { ok: false, line: 2, column: 3 });
});
