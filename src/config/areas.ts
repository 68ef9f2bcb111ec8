import type { PortalConfig } from './schema.ts';

/** Each area's name by its id, as portal.config.ts gives it. */
export function areaLabels(config: PortalConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config.areas).map(([id, area]) => [id, area.label]));
}
