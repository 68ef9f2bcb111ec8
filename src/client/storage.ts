// localStorage, unless the browser blocks it (private mode, sandboxed iframe, strict privacy):
// then one warning, and an in-memory map keeps features working for this visit.
const memory = new Map<string, string>();
let available: boolean | undefined;

function usable(): boolean {
  if (typeof window === 'undefined') {
    throw new Error('Browser storage was used during server rendering; read it in an effect or event handler instead.');
  }
  if (available === undefined) {
    try {
      const probe = '__portal_storage_probe__';
      window.localStorage.setItem(probe, probe);
      window.localStorage.removeItem(probe);
      available = true;
    } catch {
      available = false;
      console.warn('Browser storage is not available (private mode, a sandboxed iframe or strict privacy settings): your choices are kept for this visit only.');
    }
  }
  return available;
}

export const storage = {
  get(key: string): string | null {
    return usable() ? window.localStorage.getItem(key) : (memory.get(key) ?? null);
  },
  set(key: string, value: string): void {
    if (usable()) {
      try {
        window.localStorage.setItem(key, value);
        return;
      } catch {
        // Quota exceeded: fall through to memory.
      }
    }
    memory.set(key, value);
  },
  remove(key: string): void {
    if (usable()) window.localStorage.removeItem(key);
    memory.delete(key);
  },
};
