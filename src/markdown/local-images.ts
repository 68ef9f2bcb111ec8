import path from 'node:path';
import { safeDecode } from '../util/safe-decode.ts';
import { checkProjectFile, type ProjectFileCheck } from '../util/project-files.ts';

/** Where a content tree's local images are read from, and who wants to know what was read. */
export interface LocalImageSetup {
  /** The project root: an image named relative to its page must really be inside it. */
  root: string;
  /** content/static, where root-relative images ("/img/x.png") live and are served from. */
  staticDir: string;
  /** Called with every file an image names, so the build cache knows what a page read. */
  read?: (absoluteFile: string) => void;
}

/** The one rule for a local image, asked by a page's processor and its Markdown twin alike. */
export interface LocalImages {
  /** The file `src` names from the page `fromFile`, checked by the publish rule. */
  check(src: string, fromFile: string): ProjectFileCheck;
  /**
   * Its public URL, or undefined when it is missing or refused: a static image ("/img/x.png") is
   * served as written, any other is published by `publish` under a content-hashed name.
   */
  url(src: string, fromFile: string, publish: (absoluteFile: string) => string | undefined): string | undefined;
}

export function localImages({ root, staticDir, read }: LocalImageSetup): LocalImages {
  const fileOf = (src: string, fromFile: string) => {
    const written = safeDecode(src.split(/[?#]/)[0]);
    // "/img/x.png" is a file of content/static, served as it is (Docusaurus's static folder).
    const absolute = src.startsWith('/') ? path.join(staticDir, written) : path.resolve(path.dirname(fromFile), written);
    read?.(absolute);
    return absolute;
  };
  // What a page shows it publishes: "/img/x.png" must be in content/static (what is served),
  // any other local image in the project; neither hidden nor anything but a regular file.
  const check = (src: string, fromFile: string) =>
    src.startsWith('/') ? checkProjectFile(fileOf(src, fromFile), [staticDir], { within: 'content/static' }) : checkProjectFile(fileOf(src, fromFile), [root]);
  return {
    check,
    url: (src, fromFile, publish) => {
      const checked = check(src, fromFile);
      if (checked.status !== 'ok') return undefined;
      return src.startsWith('/') ? src : publish(fileOf(src, fromFile));
    },
  };
}
