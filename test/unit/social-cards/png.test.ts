import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { drawCard } from '../../../src/social-cards/draw-card.ts';
import { encodePng } from '../../../src/social-cards/png.ts';

// What a PNG decoder that is not ours reads from a file: resvg's, showing the PNG as an <image>
// at its own size (no scaling, so no resampling).
function decoded(png: Buffer): { width: number; height: number; pixels: Buffer } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

test('encodePng writes the pixels it is given: another decoder reads them back byte for byte', () => {
  const [width, height] = [37, 11];
  // Every channel varies and no row repeats: a row written in the wrong place or order shows.
  const rgba = Buffer.alloc(width * height * 4);
  for (let offset = 0; offset < rgba.length; offset += 4) rgba.set([(offset * 7) % 256, (offset * 13 + 5) % 256, (offset >> 3) % 256, 255], offset);
  const png = encodePng(width, height, rgba);
  assert.deepEqual(png.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const read = decoded(png);
  assert.deepEqual([read.width, read.height], [width, height]);
  assert.ok(read.pixels.equals(rgba), 'the decoded pixels differ from those encoded');
  assert.throws(() => encodePng(width, height + 1, rgba), /not 37×12 RGBA pixels/);
});

test("a social card decodes to 1200×630 opaque pixels (so resvg's premultiplied pixels are the PNG's): the navy background, and text drawn on it", { timeout: 60_000 }, async () => {
  const png = await drawCard({ title: 'Join a conference from the browser', area: 'Infinity', siteTitle: 'developer.example.test' });
  const { width, height, pixels } = decoded(png);
  assert.deepEqual([width, height], [1200, 630]);
  for (let offset = 3; offset < pixels.length; offset += 4) assert.equal(pixels[offset], 255, `pixel ${(offset - 3) / 4} is not opaque`);
  // The navy background in a corner, and text drawn: more than the background's one colour.
  assert.deepEqual([...pixels.subarray(0, 4)], [0x0a, 0x21, 0x36, 255]);
  const colours = new Set<number>();
  for (let offset = 0; offset < pixels.length; offset += 4) colours.add(pixels.readUInt32BE(offset));
  assert.ok(colours.size > 50, `only ${colours.size} colours: the text was not drawn`);
});
