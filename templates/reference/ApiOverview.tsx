import { HashLink } from '../content/HashLink.tsx';
import type { OverviewView } from '../../src/shared/api-model.ts';
import { overviewIds } from '../../src/shared/api-ids.ts';
import { SchemaView } from './SchemaView.tsx';

/** An API's overview: what it is for, servers, authentication, the error model and every operation. */
export function ApiOverview({ view }: { view: OverviewView }) {
  return (
    <div className="api-overview">
      <p className="api-version">Version {view.version}</p>
      {view.download && (
        <p className="api-download">
          The description these pages are built from, to import into Postman or a code generator: <a href={view.download.yaml} download="">openapi.yaml</a> or{' '}
          <a href={view.download.json} download="">openapi.json</a>.
        </p>
      )}
      {view.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: view.descriptionHtml }} />}
      {view.guideHtml && <div dangerouslySetInnerHTML={{ __html: view.guideHtml }} />}
      {view.servers.length > 0 && (
        <>
          <h2 id={overviewIds.servers}>Servers<HashLink id={overviewIds.servers} label="Servers" /></h2>
          <ul>
            {view.servers.map((server) => (
              <li key={server.url}>
                <code>{server.url}</code>
                {server.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: server.descriptionHtml }} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {view.security.length > 0 && (
        <>
          <h2 id={overviewIds.authentication}>Security schemes<HashLink id={overviewIds.authentication} label="Security schemes" /></h2>
          <ul>
            {view.security.map((scheme) => (
              <li key={scheme.name}>
                <code>{scheme.name}</code>: {scheme.summary}
                {scheme.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {view.errorModel && (
        <>
          <h2 id={overviewIds.errors}>Error model<HashLink id={overviewIds.errors} label="Error model" /></h2>
          <p>
            Error responses carry a <code>{view.errorModel.name}</code> body:
          </p>
          <SchemaView rows={view.errorModel.rows} />
        </>
      )}
      <h2 id={overviewIds.operations}>Operations<HashLink id={overviewIds.operations} label="Operations" /></h2>
      <div className="table-wrapper" tabIndex={0}>
        <table className="api-operations">
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Method and path</th>
            </tr>
          </thead>
          <tbody>
            {view.operations.map((operation) => (
              <tr key={`${operation.method} ${operation.path}`}>
                <td>
                  <a href={operation.href}>{operation.summary}</a>
                </td>
                <td>
                  <span className={`method-badge method-${operation.method.toLowerCase()}`}>{operation.method}</span>
                  <code>{operation.path}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
