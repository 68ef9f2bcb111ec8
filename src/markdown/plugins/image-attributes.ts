import type { Image, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

// The size of an image written after it, as Pandoc, GitLab and markdown-it-attrs read it:
// ![Chart](https://img.example/c.png){width=640 height=360}. Docusaurus has no Markdown form
// for it (its writers use <img width height>), so this is the form other tools already know.
const attributeBlock = /^\{([^{}\n]*)\}/;
const pair = /([A-Za-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/g;

/**
 * Reads `{width=… height=…}` right after an image into its width and height (in pixels) and
 * takes the braces out of the text. Anything else in the braces is a warning: it is not read.
 */
export function remarkImageAttributes() {
  return (tree: Root, file?: VFile) => {
    visit(tree, 'image', (node: Image, index, parent) => {
      if (!parent || index === undefined) return;
      const next = parent.children[index + 1];
      if (next?.type !== 'text') return;
      const block = attributeBlock.exec((next as Text).value);
      if (!block || !/\b(width|height)\s*=/.test(block[1])) return;
      const size: { width?: number; height?: number } = {};
      const unread = block[1].replace(pair, '').trim();
      if (unread) file?.message(`"${unread}" after an image is not read: only its width and height are, as {width=640 height=360}`, next);
      for (const match of block[1].matchAll(pair)) {
        const name = match[1].toLowerCase();
        const value = match[2] ?? match[3] ?? match[4];
        const pixels = /^(\d+)(px)?$/.exec(value)?.[1];
        if ((name === 'width' || name === 'height') && pixels) size[name] = Number(pixels);
        else file?.message(`image size "${match[0]}" is not read: give width and height in pixels, as {width=640 height=360}`, next);
      }
      (next as Text).value = (next as Text).value.slice(block[0].length);
      if (!(next as Text).value) parent.children.splice(index + 1, 1);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), ...size } };
    });
  };
}
