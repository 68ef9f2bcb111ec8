import { HashLink } from '../content/HashLink.tsx';
import type { CallbackView, LinkView, OperationView, ParameterView } from '../../src/shared/api-model.ts';
import { callbackId, operationIds, responseId, responseTitle } from '../../src/shared/api-ids.ts';
import { AllValuesLink, SchemaView } from './SchemaView.tsx';
import { Tabs } from './Tabs.tsx';

/**
 * One REST operation: everything needed to make the call, rendered at build time. Two columns
 * on a wide screen (site.css): what the call takes and returns, and beside it, staying in view,
 * the request samples and response examples; one column, in that order, on narrower ones and on paper.
 */
export function ApiOperation({ view }: { view: OperationView }) {
  return (
    <div className="api-operation">
      <div className="api-operation-main">
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
        {view.webhook && (
          <aside className="admonition admonition-info" aria-label="Webhook">
            <p className="admonition-heading">Webhook</p>
            <div className="admonition-content">
              <p>
                The API sends this request to your server when the event happens. <code>{view.path}</code> is the webhook's name: the URL is the one you registered. Answer with one of the responses below.
              </p>
            </div>
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
                {scheme.detailsHref && (
                  <>
                    {' '}
                    (<a href={scheme.detailsHref}>described in full on the overview</a>)
                  </>
                )}
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
              <AlsoAs types={view.requestBody.otherContentTypes} />
              {view.requestBody.schemaType && <>, <span className="schema-type">{view.requestBody.schemaType}</span></>}
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
                <AlsoAs types={response.otherContentTypes} />
                {response.schemaType && <>, <span className="schema-type">{response.schemaType}</span></>}
              </p>
            )}
            <SchemaView rows={response.rows} />
            {response.headers.length > 0 && <ParameterTable parameters={response.headers} />}
            {response.links.length > 0 && <ResponseLinks links={response.links} />}
            {response.examples.length > 0 && (
              <p className="api-example-pointer">
                <a href={`#${operationIds.examples}`}>{response.examples.length === 1 ? 'Example' : 'Examples'} of this response</a> under Response examples
              </p>
            )}
          </section>
        ))}

        {view.callbacks.length > 0 && <Callbacks callbacks={view.callbacks} />}
      </div>
      <Examples view={view} />
    </div>
  );
}

const examplesId = (view: OperationView) => `examples-${view.operationId || 'op'}`;

/**
 * The request samples, then an example of each response with a body: one tab per status, the
 * one shown following the response the reader has reached (`data-follows-section`, read by
 * the client's current-section watcher).
 */
function Examples({ view }: { view: OperationView }) {
  const withExamples = view.responses.filter((response) => response.examples.length);
  return (
    <section className="api-operation-examples" aria-label="Request samples and response examples">
      {/* Sticky from 1201 px: its headings are never "the section being read" (current-section.ts). */}
      <div className="api-examples-panel" data-stays-in-view="">
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
        {withExamples.length > 0 && (
          <>
            <h2 id={operationIds.examples}>Response examples<HashLink id={operationIds.examples} label="Response examples" /></h2>
            <Tabs
              id={examplesId(view)}
              label="Response examples"
              tabs={withExamples.map((response) => ({
                label: responseTitle(response.status),
                follows: responseId(response.status),
                content: response.examples.map((example, index) => (
                  <div key={index} className="api-example">
                    <p className="api-example-label">{example.label}</p>
                    {/* The check line, when the example validated, is inside the highlighted block. */}
                    <div dangerouslySetInnerHTML={{ __html: example.html }} />
                  </div>
                )),
              }))}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** The other media types of a body, after the one shown. */
function AlsoAs({ types }: { types: string[] | undefined }) {
  if (!types?.length) return null;
  return (
    <>
      {' '}
      (also as{' '}
      {types.map((type, index) => (
        <span key={type}>
          {index > 0 && ', '}
          <code>{type}</code>
        </span>
      ))}
      )
    </>
  );
}

/** What a response leads to: the next call, with the values it takes from this one. */
function ResponseLinks({ links }: { links: LinkView[] }) {
  return (
    <div className="api-links">
      <p className="api-links-label">Links: calls this response leads to</p>
      <ul>
        {links.map((link) => (
          <li key={link.name}>
            <strong>{link.name}</strong>:{' '}
            {link.href ? <a href={link.href}>{link.operationId ?? link.operationRef}</a> : <code>{link.operationId ?? link.operationRef}</code>}
            {link.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: link.descriptionHtml }} />}
            {(link.parameters.length > 0 || link.requestBody) && (
              <ul>
                {link.parameters.map((parameter) => (
                  <li key={parameter.name}>
                    <code>{parameter.name}</code> from <code>{parameter.expression}</code>
                  </li>
                ))}
                {link.requestBody && (
                  <li>
                    request body from <code>{link.requestBody}</code>
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Requests the API makes back to a URL the caller supplied. */
function Callbacks({ callbacks }: { callbacks: CallbackView[] }) {
  return (
    <>
      <h2 id={operationIds.callbacks}>Callbacks</h2>
      <p>After this call, the API sends these requests to the URL you gave; answer with one of the listed statuses.</p>
      {callbacks.map((callback, index) => (
        <section key={index} className="api-callback" aria-labelledby={callbackId(callback, index)}>
          <h3 id={callbackId(callback, index)}>
            {callback.name}: <span className={`method-badge method-${callback.method.toLowerCase()}`}>{callback.method}</span> <code>{callback.expression}</code>
          </h3>
          {callback.summary && <p>{callback.summary}</p>}
          {callback.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: callback.descriptionHtml }} />}
          {callback.requestBody && (
            <>
              <p>
                Body: <code>{callback.requestBody.contentType}</code>
              </p>
              {callback.requestBody.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: callback.requestBody.descriptionHtml }} />}
              <SchemaView rows={callback.requestBody.rows} />
            </>
          )}
          <ul>
            {callback.responses.map((response) => (
              <li key={response.status}>
                <span className={`status-badge status-${response.status[0]}xx`}>{responseTitle(response.status)}</span>
                {response.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
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
                {parameter.allValues && <AllValuesLink allValues={parameter.allValues} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
