import fs from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { type CardText, cardHeight, cardWidth } from './card-text.ts';
import { encodePng } from './png.ts';

export type { CardText };

// Fonts come from an npm package (Inter, OFL), never from the network; satori reads WOFF.
const require = createRequire(import.meta.url);
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const loadFonts = () =>
  (fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  })));

// satori takes React-like element objects; plain objects keep this file free of JSX.
type Node = { type: string; props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string } };
const box = (style: Record<string, unknown>, children: Node['props']['children']): Node => ({ type: 'div', props: { style, children } });

/** Long titles shrink rather than overflow: three lines at most at any size. */
const titleSize = (title: string) => (title.length <= 40 ? 72 : title.length <= 80 ? 60 : 48);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The social card of a page: its title and area on the portal's navy, 1200×630 PNG. Layout
 * (satori) and the PNG encoding run here; rasterising (resvg) runs on libuv's thread pool, so
 * several cards rasterise at once while this thread lays out the next. satori draws every glyph
 * as a path, so resvg needs no fonts: loading the system's took about 7 ms a card, and a card
 * must not look different on a machine with other fonts. The navy background fills the card, so
 * its pixels are opaque and resvg's (premultiplied) pixels are the PNG's.
 */
export async function drawCard(text: CardText): Promise<Buffer> {
  const title = clip(text.title, 120);
  const svg = await satori(
    box({ width: cardWidth, height: cardHeight, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', boxSizing: 'border-box', padding: '72px 80px', background: '#0a2136', color: '#ffffff', fontFamily: 'Inter' }, [
      box({ display: 'flex', alignItems: 'center', gap: '20px', fontSize: 34, fontWeight: 700 }, [
        box({ width: '20px', height: '56px', background: '#8ab4f8', borderRadius: '4px' }, []),
        box({ display: 'flex' }, clip(text.area, 60)),
      ]),
      box({ display: 'flex', fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.01em' }, title),
      box({ display: 'flex', fontSize: 30, fontWeight: 400, color: '#c9d4e0' }, clip(text.siteTitle, 80)),
    ]) as never,
    { width: cardWidth, height: cardHeight, fonts: loadFonts() },
  );
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: cardWidth }, font: { loadSystemFonts: false } });
  return encodePng(image.width, image.height, image.pixels);
}
