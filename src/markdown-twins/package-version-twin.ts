import type { PhrasingContent, RootContent } from 'mdast';
import type { PackageVersionLine } from '../shared/package-reference.ts';
import { inlineCode, link, paragraph, text } from './mdast-nodes.ts';
import { type TwinTarget, twinLink } from './absolute-links.ts';

// The line every page of a package's reference opens with (templates/reference/PackageVersion.tsx),
// in its twin too: two areas may document two versions of one package.

/** "`a`, `b` and `c`" */
const listOf = (names: string[]): PhrasingContent[] => names.flatMap((name, index) => [...(index ? [text(index === names.length - 1 ? ' and ' : ', ')] : []), inlineCode(name)]);

/** The package and version a page documents and, for a package the area's SDK does not install, the note under it. */
export function versionLineTwin(line: PackageVersionLine, target: TwinTarget): RootContent[] {
  const label = inlineCode(`${line.name}@${line.version}`);
  const blocks: RootContent[] = [paragraph(text('Package: '), line.href ? link(twinLink(line.href, target), label) : label)];
  const view = line.alongside;
  if (!view) return blocks;
  const verb = view.roots.length > 1 ? 'do' : 'does';
  if (view.forArea) {
    blocks.push(
      paragraph(
        text(`For ${view.forArea.label} apps: `),
        ...listOf(view.roots),
        text(` ${verb} not install this package, and a ${view.areaLabel} app does not need it.`),
        ...(view.forArea.href ? [text(' See '), link(twinLink(view.forArea.href, target), text(`its reference for ${view.forArea.label} apps`)), text('.')] : []),
      ),
    );
  } else {
    blocks.push(
      paragraph(
        ...listOf(view.roots),
        text(` ${verb} not install this package. A ${view.areaLabel} app that wants it adds it with `),
        inlineCode(`npm install ${line.name}@${line.version}`),
        text(', the version documented here. It brings its own Pexip dependencies, at the versions its index page lists under Pexip dependencies, which may not be the versions this section documents.'),
      ),
    );
  }
  return blocks;
}
