import { HashLink } from '../content/HashLink.tsx';
import type { OperationView, ParameterView } from '../../src/reference/openapi/model.ts';
import { SchemaView } from './SchemaView.tsx';
import { Tabs } from './Tabs.tsx';

const statusText: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '304': 'Not Modified', '400': 'Bad Request',
  '401': 'Unauthorized', '403': 'Forbidden', '404': 'Not Found', '409': 'Conflict', '410': 'Gone', '422': 'Unprocessable Entity',
  '429': 'Too Many Requests', '500': 'Internal Server Error', '503': 'Service Unavailable', default: 'Any other status',
};

export const operationIds = { request: 'request', authentication: 'authentication', parameters: 'parameters', body: 'request-body', responses: 'responses', samples: 'samples' };
export const responseId = (status: string) => `response-${status.toLowerCase()}`;
export const responseTitle = (status: string) => `${status}${statusText[status] ? ` ${statusText[status]}` : ''}`;

/** One REST operation: everything needed to make the call, rendered at build time. */
export function ApiOperation({ view }: { view: OperationView }) {
  return (
    <div className="api-operation">
      <p className="api-endpoint">
        <span className={`method-badge method-${view.method.toLowerCase()}`}>{view.method}</span>
        <code className="api-path">
          {view.path.split(/(\{[^}]+\})/).map((part, index) => (part.startsWith('{') ? <span key={index} className="api-path-param">{part}</span> : part))}
        </code>
      </p>
      {view.deprecated && (
        <aside className="admonition admonition-warning" aria-label="Deprecated">
          <p className="admonition-heading">Deprecated</p>
          <div className="admonition-content"><p>This operation is deprecated and may be removed.</p></div>
        </aside>
      )}
      {view.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: view.descriptionHtml }} />}

      <h2 id={operationIds.request}>Request<HashLink id={operationIds.request} label="Request" /></h2>
      {view.servers.length > 0 && (
        <p>
          Base URL: {view.servers.map((server, index) => <code key={index}>{server}</code>)}
        </p>
      )}
      <h3 id={operationIds.authentication}>Authentication<HashLink id={operationIds.authentication} label="Authentication" /></h3>
      {view.security.length === 0 ? (
        <p>No authentication: this call is public or carries its own credentials in the body.</p>
      ) : (
        <ul>
          {view.security.map((scheme) => (
            <li key={scheme.name}>
              <code>{scheme.name}</code>: {scheme.summary}
              {scheme.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} />}
            </li>
          ))}
        </ul>
      )}
      {view.parameters.length > 0 && (
        <>
          <h3 id={operationIds.parameters}>Parameters<HashLink id={operationIds.parameters} label="Parameters" /></h3>
          <ParameterTable parameters={view.parameters} />
        </>
      )}
      {view.requestBody && (
        <>
          <h3 id={operationIds.body}>Request body<HashLink id={operationIds.body} label="Request body" /></h3>
          <p>
            <code>{view.requestBody.contentType}</code>
            {view.requestBody.required ? ', required' : ', optional'}
          </p>
          {view.requestBody.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: view.requestBody.descriptionHtml }} />}
          <SchemaView rows={view.requestBody.rows} />
          {view.requestBody.exampleHtml && <div dangerouslySetInnerHTML={{ __html: view.requestBody.exampleHtml }} />}
        </>
      )}

      <h2 id={operationIds.responses}>Responses<HashLink id={operationIds.responses} label="Responses" /></h2>
      {view.responses.map((response) => (
        <section key={response.status} className="api-response" aria-labelledby={responseId(response.status)}>
          <h3 id={responseId(response.status)}>
            <span className={`status-badge status-${response.status[0]}xx`}>{responseTitle(response.status)}</span>
            <HashLink id={responseId(response.status)} label={`response ${responseTitle(response.status)}`} />
          </h3>
          {response.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} />}
          {response.contentType && (
            <p>
              Body: <code>{response.contentType}</code>
            </p>
          )}
          <SchemaView rows={response.rows} />
          {response.headers.length > 0 && <ParameterTable parameters={response.headers} />}
          {response.examples.map((example) => (
            <div key={example.label}>
              <p className="api-example-label">{example.label}</p>
              <div dangerouslySetInnerHTML={{ __html: example.html }} />
            </div>
          ))}
        </section>
      ))}

      <h2 id={operationIds.samples}>Request samples<HashLink id={operationIds.samples} label="Request samples" /></h2>
      <p>
        Replace the example values; secrets are read from environment variables
        {view.samples.some((sample) => sample.code.includes('ACCESS_TOKEN')) ? ' (ACCESS_TOKEN holds the access token)' : ''}.
      </p>
      <Tabs
        id={`samples-${view.operationId || 'op'}`}
        label="Request samples"
        group="code-language"
        tabs={view.samples.map((sample) => ({ label: sample.label, value: sample.value, content: <div dangerouslySetInnerHTML={{ __html: sample.html }} /> }))}
      />
    </div>
  );
}

function ParameterTable({ parameters }: { parameters: ParameterView[] }) {
  return (
    <div className="table-wrapper" tabIndex={0}>
      <table className="api-parameters">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <td>
                <code>{parameter.name}</code>
                {parameter.required && <span className="schema-required">required</span>}
                {parameter.deprecated && <span className="schema-constraint">deprecated</span>}
              </td>
              <td>{parameter.in}</td>
              <td>{parameter.type}</td>
              <td>
                {parameter.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} />}
                {parameter.constraints.length > 0 && <p className="schema-constraints">{parameter.constraints.join('; ')}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
