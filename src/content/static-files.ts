import path from 'node:path';
import type { Diagnostics } from '../errors.ts';
import { publicHiddenFolder } from '../util/project-files.ts';
import { walkContent } from './walk.ts';

export const staticFolder = path.join('content', 'static');

/**
 * The files of content/static, published as they are ('/'-separated, relative to it). Hidden
 * files and folders (".env", ".git/") are left out with a warning naming each: they are where
 * secrets and repository data live, never meant for the web. Only ".well-known/" is published.
 * A name that is not hidden but leads to a hidden file (a symlink to ../../.env) breaks the
 * publish rule (util/project-files.ts): an error at the symlink.
 */
export function listStaticFiles(root: string, diagnostics: Diagnostics): string[] {
  const folder = path.join(root, staticFolder);
  const tree = walkContent(folder, diagnostics, { projectRoot: root, display: (absolute) => path.relative(root, absolute), keepHidden: [publicHiddenFolder] });
  for (const hidden of tree.hidden) {
    diagnostics.warn({
      file: path.join(staticFolder, hidden),
      message: 'not published: its name starts with "." (hidden files such as .env or .git/ are left out of the site)',
      hint: `To publish it, rename it without the leading "."; only ${publicHiddenFolder}/ is published with its name as it is.`,
    });
  }
  return tree.files;
}
