import { type AllValues, type SchemaRow, allValuesWords, schemaReferenceWords } from '../../src/shared/api-model.ts';

/** A nested schema as a definition-style list: name, type, required mark, constraints, description. */
export function SchemaView({ rows }: { rows: SchemaRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className="schema">
      {rows.map((row, index) => (
        <li key={`${row.name ?? 'variant'}-${index}`} className="schema-row" id={row.id}>
          {row.name !== undefined && (
            <div className="schema-head">
              <code className="schema-name">{row.name}</code> <span className="schema-type">{row.type}</span>
              {row.required && <span className="schema-required">required</span>}
            </div>
          )}
          {row.constraints.length > 0 && (
            <p className="schema-constraints">
              {row.constraints.map((constraint, i) => (
                <span key={i} className="schema-constraint">
                  {constraint}
                </span>
              ))}
            </p>
          )}
          {row.allValues && <AllValuesLink allValues={row.allValues} />}
          {row.descriptionHtml && <div className="schema-description" dangerouslySetInnerHTML={{ __html: row.descriptionHtml }} />}
          {row.ref && <SchemaReference reference={row.ref} />}
          {row.children.length > 0 && <SchemaView rows={row.children} />}
          {row.variants && (
            <div className="schema-variants">
              <p className="schema-variants-label">{row.variants.kind === 'oneOf' ? 'Exactly one of:' : 'Any of:'}</p>
              {row.variants.options.map((option, i) => (
                <div key={i} className="schema-variant" id={option.id}>
                  <p className="schema-variant-label">{option.label}</p>
                  <SchemaView rows={option.rows} />
                </div>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A schema shown elsewhere: linked, not repeated, so a page stays as long as what it says. */
function SchemaReference({ reference }: { reference: NonNullable<SchemaRow['ref']> }) {
  const [before, after] = schemaReferenceWords(reference.kind);
  return (
    <p className="schema-recursive">
      {before}
      <a href={reference.href}>{reference.label}</a>
      {after}
    </p>
  );
}

/** A cut enum: where all its values are listed. */
export function AllValuesLink({ allValues }: { allValues: AllValues }) {
  return (
    <p className="schema-all-values">
      {allValuesWords(allValues)}
      <a href={allValues.href}>{allValues.label}</a>.
    </p>
  );
}
