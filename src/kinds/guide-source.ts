import path from 'node:path';
import { parseFrontMatter } from '../content/front-matter.ts';
import { fileFingerprint } from '../cache/fingerprint.ts';
import { Diagnostics } from '../errors.ts';
import { guideTwin } from '../markdown-twins/guide.ts';
import type { Page } from '../page.ts';
import { readPublishableFile } from '../util/project-files.ts';
import type { TwinContext } from './kind.ts';
import { withDocCards } from './twin-parts.ts';
import type { CategoryEntry } from '../shared/page-models.ts';

/** The fingerprint of the source a custom page's twin reads. */
export const customPageSource = (page: Page, context: TwinContext): string => fileFingerprint(path.resolve(context.root, page.source.file));

/**
 * The twin of a page of content/pages, from its Markdown source, read through the publish rule
 * again (the name may lead elsewhere since the page was read); undefined when it may not be.
 */
export function customPageTwin(page: Page, context: TwinContext): string | undefined {
  if (!page.source.file.endsWith('.md')) return undefined;
  const absoluteFile = path.resolve(context.root, page.source.file);
  const read = readPublishableFile(absoluteFile, [context.root]);
  if (read.status !== 'ok') return undefined;
  // The build has reported this file's front matter problems already.
  const { body } = parseFrontMatter(read.bytes.toString('utf8'), page.source.file, new Diagnostics());
  const twin = guideTwin({ route: page.route, title: page.title, description: page.description, body, absoluteFile }, context);
  // A <DocCardList /> lists the cards the page shows (site/doc-card-lists.ts fills custom pages' too).
  return withDocCards(twin, page as Page & { body: { docCards?: CategoryEntry[] } }, context);
}
