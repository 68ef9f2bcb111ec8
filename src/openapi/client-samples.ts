import type { ClientSamplePackage } from '../config/schema.ts';
import type { OperationEntry } from './views.ts';
import { vpaasApiSample } from './vpaas-api-sample.ts';

/**
 * The sample writer of each npm client a spec may name as its `clientSample` (portal.config.ts):
 * an operation's TypeScript code with that client, or undefined when the client has no method for it.
 */
export const clientSamples: Record<ClientSamplePackage, (entry: OperationEntry, server: string, values: Record<string, string | undefined>) => string | undefined> = {
  '@pexip/vpaas-api': vpaasApiSample,
};
