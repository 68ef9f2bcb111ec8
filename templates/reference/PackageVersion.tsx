import { Fragment } from 'react';
import type { AlongsideView } from '../../src/shared/package-reference.ts';

export type { AlongsideView } from '../../src/shared/package-reference.ts';

/**
 * The package and exact version a reference page documents, first on every page of it (and so in
 * its Markdown twin): two areas may document two versions of one package.
 */
export function PackageVersion({ name, version, href }: { name: string; version: string; href?: string }) {
  const label = <code>{`${name}@${version}`}</code>;
  return <p className="reference-package">Package: {href ? <a href={href}>{label}</a> : label}</p>;
}

const listOf = (names: string[]) => names.map((name, index) => (
  <Fragment key={name}>
    {index ? (index === names.length - 1 ? ' and ' : ', ') : ''}
    <code>{name}</code>
  </Fragment>
));

/**
 * Said on every page of such a package, under its version line: a reader must not take it for
 * part of what the SDK installs, and learns how to add it or which apps it is for.
 */
export function NotInstalledNote({ name, version, view }: { name: string; version: string; view: AlongsideView }) {
  const verb = view.roots.length > 1 ? 'do' : 'does';
  if (view.forArea) {
    return (
      <p className="reference-package-note">
        For {view.forArea.label} apps: {listOf(view.roots)} {verb} not install this package, and a {view.areaLabel} app does not need it.
        {view.forArea.href && (
          <>
            {' '}See <a href={view.forArea.href}>its reference for {view.forArea.label} apps</a>.
          </>
        )}
      </p>
    );
  }
  return (
    <p className="reference-package-note">
      {listOf(view.roots)} {verb} not install this package. A {view.areaLabel} app that wants it adds it with <code>{`npm install ${name}@${version}`}</code>, the version documented here. It brings its own Pexip dependencies, at the versions its index page lists under Pexip dependencies, which may not be the versions this section documents.
    </p>
  );
}
