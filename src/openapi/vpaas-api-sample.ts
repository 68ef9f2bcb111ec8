// VPaaS readers can call five operations through the published `@pexip/vpaas-api` client instead
// of raw HTTP. Those operations get a TypeScript tab with that client; the samples are type-checked
// against the pinned package in npm test, like the guides' TypeScript.

import { bodilessStatuses } from './samples.ts';
import type { OperationEntry } from './views.ts';

/** operationId -> the client's method and the arguments it takes beyond `apiAddress`. */
const calls: Record<string, { method: string; args: (values: PathValues) => string[] }> = {
  getAccessToken: { method: 'token', args: () => ['token: String(process.env.CLIENT_ASSERTION), // the JWT signed with your private key'] },
  createMeeting: { method: 'create', args: () => [accessToken] },
  deleteMeeting: { method: 'terminate', args: (values) => [accessToken, `meetingId: ${JSON.stringify(values.meeting_id)},`] },
  createParticipant: { method: 'participants', args: (values) => [accessToken, `meetingId: ${JSON.stringify(values.meeting_id)},`] },
  joinMeeting: {
    method: 'join',
    args: (values) => [
      `meetingId: ${JSON.stringify(values.meeting_id)},`,
      `participantId: ${JSON.stringify(values.participant_id ?? 'PARTICIPANT_ID')},`,
      'participantSecret: String(process.env.PARTICIPANT_SECRET),',
    ],
  },
};

type PathValues = Record<string, string | undefined>;

/** The success-side status the operation documents without a body (a 304), if any. */
function answersWithoutBody(entry: OperationEntry): number | undefined {
  return bodilessStatuses(entry.operation).find((status) => status >= 200 && status < 400 && status !== 204);
}

// The client sends `accessToken` as the whole Authorization header (dist/api.js), so the
// sample passes the token type with the token, as the curl tab's header does.
const accessToken = 'accessToken: `Bearer ${process.env.ACCESS_TOKEN}`,';

/**
 * The `@pexip/vpaas-api` sample of an operation, or undefined when the client has no method for it.
 * `values` are the example values of the path parameters and body fields the sample uses.
 */
export function vpaasApiSample(entry: OperationEntry, server: string, values: PathValues): string | undefined {
  const call = entry.operation.operationId ? calls[entry.operation.operationId] : undefined;
  if (!call) return undefined;
  const request = [
    `const { status, data } = await api.${call.method}({`,
    `  apiAddress: ${JSON.stringify(server.replace(/\/$/, ''))},`,
    ...call.args(values).map((line) => `  ${line}`),
    '});',
    'console.log(status, data);',
  ];
  const header = ["import { createApi } from '@pexip/vpaas-api';", '', 'const api = createApi();'];
  if (!answersWithoutBody(entry)) return [...header, ...request].join('\n');
  // The client parses every answer as JSON before it looks at the status, so an answer without a
  // body (terminate's 304) is a SyntaxError from it: the sample says so and handles it.
  return [
    ...header,
    'try {',
    ...request.map((line) => `  ${line}`),
    '} catch (error) {',
    `  // A ${answersWithoutBody(entry)} comes without a body, which this client cannot parse.`,
    '  if (!(error instanceof SyntaxError)) throw error;',
    `  console.log(${answersWithoutBody(entry)});`,
    '}',
  ].join('\n');
}
