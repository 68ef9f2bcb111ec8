import path from 'node:path';
import type { LocalImages } from '../../src/markdown/local-images.ts';

/**
 * The image rule for twins made in tests without a project on disk: a relative image is the file
 * beside the page, published by the resolvers' `assetOf`; a "/img/…" one is not found.
 */
export const imagesBesideThePage: LocalImages = {
  check: () => ({ status: 'missing' }),
  url: (src, fromFile, publish) => (src.startsWith('/') ? undefined : publish(path.resolve(path.dirname(fromFile), decodeURIComponent(src.split(/[?#]/)[0])))),
};
