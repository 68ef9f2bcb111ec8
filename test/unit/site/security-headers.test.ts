import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentSecurityPolicy } from '../../../src/render/security-headers.ts';

test('media hosts of the config open img-src, media-src and frame-src to them, and nothing else', () => {
  const closed = contentSecurityPolicy('', 'mailto:x@example.test');
  assert.match(closed, /img-src 'self' data:;/);
  assert.doesNotMatch(closed, /media-src|frame-src/);
  const open = contentSecurityPolicy('', 'mailto:x@example.test', { imageHosts: ['img.example.com'], videoHosts: ['www.youtube-nocookie.com'] });
  assert.match(open, /img-src 'self' data: https:\/\/img\.example\.com;/);
  assert.match(open, /media-src 'self' https:\/\/www\.youtube-nocookie\.com;/);
  assert.match(open, /frame-src https:\/\/www\.youtube-nocookie\.com;/);
});
