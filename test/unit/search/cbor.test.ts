import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CborValue, decodeCbor, encodeCbor } from '../../../src/search/cbor.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test('integers, text and arrays encode in their shortest form (RFC 8949 examples)', () => {
  const cases: [CborValue, string][] = [
    [0, '00'],
    [23, '17'],
    [24, '1818'],
    [255, '18ff'],
    [256, '190100'],
    [65535, '19ffff'],
    [65536, '1a00010000'],
    [4294967296, '1b0000000100000000'],
    [-1, '20'],
    [-24, '37'],
    [-25, '3818'],
    [-1000, '3903e7'],
    ['', '60'],
    ['a', '6161'],
    ['ü', '62c3bc'],
    [[], '80'],
    [[1, [2, 3], 'x'], '83018202036178'],
  ];
  for (const [value, expected] of cases) {
    assert.equal(hex(encodeCbor(value)), expected, JSON.stringify(value));
    assert.deepEqual(decodeCbor(Buffer.from(expected, 'hex')), value, expected);
  }
});

test('what it cannot read or write is an error, not a wrong value', () => {
  assert.throws(() => decodeCbor(Buffer.from('a0', 'hex')), /unsupported major type 5/); // a map
  assert.throws(() => decodeCbor(Buffer.from('f97e00', 'hex')), /unsupported major type 7/); // a float
  assert.throws(() => decodeCbor(Buffer.from('0000', 'hex')), /1 bytes after the value/);
  assert.throws(() => decodeCbor(Buffer.from('82', 'hex')), /unexpected end of data/);
  assert.throws(() => encodeCbor(1.5), /not an integer/);
});
