/**
 * The package and exact version a reference page documents, first on every page of it (and so in
 * its Markdown twin): two areas may document two versions of one package.
 */
export function PackageVersion({ name, version, href }: { name: string; version: string; href?: string }) {
  const label = <code>{`${name}@${version}`}</code>;
  return <p className="reference-package">Package: {href ? <a href={href}>{label}</a> : label}</p>;
}
