import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { unsafeUrl } from '../../shared/url-scheme.ts';
import { SKIP, visit } from '../visit.ts';
import { isHighlightedBlock } from './code-blocks.ts';

export interface ImageOptions {
  /** Hosts external images may come from; the same list opens the CSP's img-src to them. */
  media?: { imageHosts: string[] };
  /** The pixel size of a local image, so the page keeps its layout while it loads. */
  measureImage?: (src: string, file: VFile) => { width: number; height: number } | undefined;
  /** Resolves a relative image path to its public URL, or undefined when the file is missing. */
  resolveAsset: (src: string, file: VFile) => string | undefined;
  /** Returns the sanitised hast of a local SVG (inlined so it follows the colour mode). */
  loadSvg: (src: string, file: VFile) => Element | undefined;
  /**
   * Why a local image may not be read, or undefined when it may: a file outside the project (a
   * symlink or a path climbing out), a hidden file, a FIFO. The reason follows the image's src.
   */
  refuseImage?: (src: string, file: VFile) => { reason: string; hint: string } | undefined;
}

/** Inlines local SVG diagrams, publishes other local images, and reports missing files. */
export function rehypeImages(options: ImageOptions) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (isHighlightedBlock(node)) return SKIP;
      if (node.tagName !== 'img' || typeof node.properties.src !== 'string' || !parent || index === undefined) return;
      const src = node.properties.src;
      const unsafe = unsafeUrl('image', src, { image: true });
      if (unsafe) {
        const message = file.message(unsafe.message, node);
        message.fatal = true;
        message.note = unsafe.hint;
        delete node.properties.src;
        return;
      }
      // Every image loads lazily: none holds up the page, and React then hoists no eager
      // <link rel="preload"> for it into the document.
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) {
        const host = /^(?:https?:)?\/\//i.test(src) ? safeHost(src) : undefined;
        if (host && !(options.media?.imageHosts ?? []).includes(host)) {
          file.message(`image "${src}" comes from ${host}, which is not in media.imageHosts of portal.config.ts, so the site's Content-Security-Policy blocks it; add the host there, or save the image next to the page`, node);
        }
        // The build cannot fetch it to measure it (CI has no network): the writer gives the size.
        const missing = ['width', 'height'].filter((name) => node.properties[name] === undefined || node.properties[name] === '');
        if (host && missing.length) {
          const message = file.message(`image "${src}" is from another site and has no ${missing.join(' or ')}, so the page shifts when it loads; give its size in pixels`, node);
          message.ruleId = 'image-without-size';
          message.note = `Write ![${String(node.properties.alt ?? '')}](${src}){width=640 height=360} or <img src="${src}" width="640" height="360"> with the image's own size.`;
        }
        return;
      }
      const alt = String(node.properties.alt ?? '');
      if (!alt) file.message(`image "${src}" has no alt text; describe what it shows`, node);
      const refusal = options.refuseImage?.(src, file);
      if (refusal) {
        const message = file.message(`image "${src}" ${refusal.reason}`, node);
        message.fatal = true;
        message.note = refusal.hint;
        return;
      }
      if (/\.svg$/i.test(src)) {
        const svg = options.loadSvg(src, file);
        if (!svg) {
          file.message(`image "${src}" not found`, node).fatal = true;
          return;
        }
        svg.properties = { ...svg.properties, role: 'img', ariaLabel: svg.properties.ariaLabelledBy ? undefined : alt };
        // On a phone a wide diagram keeps a readable size and scrolls sideways; tabindex lets a
        // keyboard scroll it too.
        parent.children[index] = { type: 'element', tagName: 'figure', properties: { className: ['diagram'], tabIndex: 0 }, children: [svg, zoomButton('diagram', alt)] };
        return SKIP;
      }
      const url = options.resolveAsset(src, file);
      if (!url) {
        file.message(`image "${src}" not found`, node).fatal = true;
        return;
      }
      node.properties.src = url;
      if (node.properties.width === undefined && node.properties.height === undefined) {
        const size = options.measureImage?.(src, file);
        if (size) Object.assign(node.properties, size);
      }
      parent.children[index] = { type: 'element', tagName: 'span', properties: { className: ['zoomable'] }, children: [node, zoomButton('image', alt)] };
      return SKIP;
    });
    // An image on a line of its own arrives inside a paragraph, where a figure may not stand:
    // the figure takes the paragraph's place.
    visit(tree, 'element', (node: Element, index, parent) => {
      if (isHighlightedBlock(node)) return SKIP;
      if (node.tagName !== 'p' || !parent || index === undefined) return;
      const content = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
      if (content.length === 1 && content[0].type === 'element' && content[0].tagName === 'figure') parent.children[index] = content[0];
    });
  };
}

function safeHost(src: string): string | undefined {
  try {
    return new URL(src, 'https://local.invalid').host;
  } catch {
    return undefined;
  }
}

/**
 * The control that opens an image or diagram enlarged (full screen on a phone), so keyboard and
 * screen-reader users get what a click on the picture gives; its code loads on first use.
 */
export function zoomButton(what: 'image' | 'diagram', alt: string): Element {
  return {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['zoom-button'], dataZoom: '', ariaLabel: alt ? `Enlarge ${what}: ${alt}` : `Enlarge ${what}` },
    children: [
      {
        type: 'element',
        tagName: 'svg',
        properties: { viewBox: '0 0 16 16', width: 16, height: 16, ariaHidden: 'true', focusable: 'false' },
        children: [{ type: 'element', tagName: 'path', properties: { d: 'M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4', fill: 'none', stroke: 'currentColor', strokeWidth: '1.6' }, children: [] }],
      },
    ],
  };
}
