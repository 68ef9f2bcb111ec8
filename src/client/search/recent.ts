import { storage } from '../storage.ts';

const key = 'search.recent';
const limit = 5;

/** The reader's last searches, newest first (local storage, with the runtime's fallback). */
export function recentSearches(): string[] {
  try {
    const value = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, limit) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string): void {
  const trimmed = query.trim();
  if (!trimmed) return;
  storage.set(key, JSON.stringify([trimmed, ...recentSearches().filter((item) => item !== trimmed)].slice(0, limit)));
}

export function forgetSearches(): void {
  storage.remove(key);
}
