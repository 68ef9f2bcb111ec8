import { storage } from './storage.ts';

// The portal has one docs version ("current", labelled Next). The preferred version is kept
// per docs area, as readers of versioned sites expect, and a stored value that no longer
// names a version is cleared.
const versions = ['current'];

export function rememberDocsVersion(area: string | undefined): void {
  if (!area) return;
  const key = `docs-preferred-version-${area}`;
  const stored = storage.get(key);
  if (stored !== null && !versions.includes(stored)) storage.remove(key);
  if (stored === null || !versions.includes(stored)) storage.set(key, 'current');
}
