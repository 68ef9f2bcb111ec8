// The anchors of the OpenAPI pages and the titles of their response sections. The source links to
// them (TOC, spec links, schema references) and the templates and twins draw them: one place, below both.

const statusText: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '304': 'Not Modified', '400': 'Bad Request',
  '401': 'Unauthorized', '403': 'Forbidden', '404': 'Not Found', '409': 'Conflict', '410': 'Gone', '422': 'Unprocessable Entity',
  '429': 'Too Many Requests', '500': 'Internal Server Error', '503': 'Service Unavailable', default: 'Any other status',
};

/** The sections of an operation's page. */
export const operationIds = { request: 'request', authentication: 'authentication', parameters: 'parameters', body: 'request-body', responses: 'responses', callbacks: 'callbacks', samples: 'samples', examples: 'response-examples' };
export const responseId = (status: string) => `response-${status.toLowerCase()}`;
export const responseTitle = (status: string) => `${status}${statusText[status] ? ` ${statusText[status]}` : ''}`;
export const callbackId = (callback: { name: string; method: string }, index: number) => `callback-${index + 1}-${callback.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${callback.method.toLowerCase()}`;

/** The sections of an API's overview page. */
export const overviewIds = { servers: 'servers', authentication: 'authentication', errors: 'error-model', operations: 'operations' };

/** The sections of a schema's own page. */
export const schemaIds = { fields: 'fields' };
