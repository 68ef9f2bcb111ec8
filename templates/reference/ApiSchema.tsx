import type { ApiSchemaModel } from '../../src/shared/page-models.ts';
import { schemaIds } from '../../src/shared/api-ids.ts';
import { SchemaView } from './SchemaView.tsx';

/** A named schema on a page of its own: where pages that ran long link for its fields. */
export function ApiSchema({ name, type, constraints = [], descriptionHtml, rows, overview }: ApiSchemaModel) {
  return (
    <div className="api-schema">
      <p>
        Schema <code>{name}</code> ({type}) of the <a href={overview.href}>{overview.title}</a>.
      </p>
      {/* A schema of one value (an enum, say) has no fields: what it allows is said here, in full. */}
      {constraints.length > 0 && <p className="schema-constraints">{constraints.join('; ')}</p>}
      {descriptionHtml && <div dangerouslySetInnerHTML={{ __html: descriptionHtml }} />}
      <h2 id={schemaIds.fields}>Fields</h2>
      {rows.length ? <SchemaView rows={rows} /> : <p>No fields: a value of this type stands on its own.</p>}
    </div>
  );
}
