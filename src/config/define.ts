import type { PortalConfigInput } from './schema.ts';

/** Types portal.config.ts; validation happens when the config is loaded. */
export function defineConfig(config: PortalConfigInput): PortalConfigInput {
  return config;
}
