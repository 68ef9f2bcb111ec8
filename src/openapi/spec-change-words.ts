/**
 * What one change of an API description does, in words a reader acts on ("adds the optional
 * `region` query parameter", "response 404 now documented", "request body field `name` became
 * required"), worked out from where in the operation it is and the two descriptions. Undefined
 * where the place is not one of these; the changelog then keeps the comparison tool's words.
 */
export function changeWords(kind: 'added' | 'removed' | 'changed' | 'deprecated', path: (string | number)[], rest: (string | number)[], before: unknown, after: unknown, values: { before?: unknown; after?: unknown }): string | undefined {
  // The side the thing exists on: a removed one only before, anything else after.
  const side = kind === 'removed' ? before : after;
  const operationPath = path.slice(0, path.length - rest.length);
  if (!rest.length) {
    const summary = stringAt(valueAt(side, [...operationPath, 'summary']));
    return summary && `“${summary}”`;
  }
  const [first, second, ...more] = rest;
  if (first === 'parameters' && typeof second === 'number') {
    const parameter = valueAt(side, [...operationPath, 'parameters', second]) as { name?: string; in?: string; required?: boolean } | undefined;
    if (!parameter?.name) return undefined;
    const subject = `\`${parameter.name}\` ${parameter.in ?? ''} parameter`.replace('  ', ' ');
    if (!more.length) return { added: `adds the ${parameter.required ? 'required' : 'optional'} ${subject}`, removed: `removes the ${subject}`, deprecated: `deprecates the ${subject}`, changed: undefined }[kind];
    if (more.length === 1 && more[0] === 'required') return values.after === true ? `the ${subject} became required` : `the ${subject} is no longer required`;
    if (more[0] === 'schema') return schemaWords(kind, `the ${subject}`, more.slice(1), values);
    return undefined;
  }
  if (first === 'requestBody') {
    if (second === undefined) return kind === 'added' ? 'adds a request body' : kind === 'removed' ? 'removes the request body' : undefined;
    if (second === 'required' && !more.length) return values.after === true ? 'the request body became required' : 'the request body is no longer required';
    if (second === 'content' && more.length === 1) return kind === 'added' ? `accepts a ${more[0]} request body` : kind === 'removed' ? `no longer accepts a ${more[0]} request body` : undefined;
    if (second === 'content' && more[1] === 'schema') return schemaWords(kind, 'the request body', more.slice(2), values);
    return undefined;
  }
  if (first === 'responses' && second !== undefined) {
    const response = `response ${second}`;
    if (!more.length) return kind === 'added' ? `${response} now documented` : kind === 'removed' ? `${response} no longer documented` : undefined;
    if (more[0] === 'content' && more.length === 2) return kind === 'added' ? `${response} now has a ${more[1]} body` : kind === 'removed' ? `${response} no longer has a ${more[1]} body` : undefined;
    if (more[0] === 'content' && more[2] === 'schema') return schemaWords(kind, `the ${response} body`, more.slice(3), values);
    if (more[0] === 'headers' && more.length === 2) return kind === 'added' ? `${response} now sends the \`${more[1]}\` header` : kind === 'removed' ? `${response} no longer sends the \`${more[1]}\` header` : undefined;
    return undefined;
  }
  return undefined;
}

/** A change inside a schema: its field (`user.name`, `items[]`), then what happened to it. */
function schemaWords(kind: string, owner: string, parts: (string | number)[], values: { before?: unknown; after?: unknown }): string | undefined {
  const field: string[] = [];
  let index = 0;
  for (; index < parts.length; index += 1) {
    const part = parts[index];
    if (part === 'properties' && index + 1 < parts.length) field.push(String(parts[++index]));
    else if (part === 'items') field.push('[]');
    else if ((part === 'allOf' || part === 'oneOf' || part === 'anyOf') && typeof parts[index + 1] === 'number') index += 1;
    else break;
  }
  const rest = parts.slice(index);
  const name = field.join('.').replace(/\.\[\]/g, '[]');
  const subject = name ? `${owner} field \`${name}\`` : owner;
  if (!rest.length) {
    if (!name) return undefined;
    return { added: `adds the ${owner.replace(/^the /, '')} field \`${name}\``, removed: `removes the ${owner.replace(/^the /, '')} field \`${name}\``, deprecated: `deprecates ${subject}`, changed: undefined }[kind as 'added'];
  }
  const [keyword, position] = rest;
  if (keyword === 'required' && (typeof position === 'number' || rest.length === 1)) {
    const required = stringAt(kind === 'removed' ? values.before : values.after);
    if (!required) return undefined;
    const target = `${owner} field \`${name ? `${name}.` : ''}${required}\``;
    return kind === 'added' ? `${target} became required` : kind === 'removed' ? `${target} is no longer required` : undefined;
  }
  if (rest.length === 1 && keyword === 'type' && kind === 'changed') return `the type of ${subject} changed from ${scalar(values.before)} to ${scalar(values.after)}`;
  if (keyword === 'enum' && rest.length === 2) return kind === 'added' ? `${subject} takes the new value ${scalar(values.after)}` : kind === 'removed' ? `${subject} no longer takes the value ${scalar(values.before)}` : undefined;
  if (rest.length === 1 && keyword === 'deprecated') return `deprecates ${subject}`;
  if (rest.length === 1 && kind === 'changed' && isScalar(values.before) && isScalar(values.after)) return `${subject}: \`${keyword}\` changed from ${scalar(values.before)} to ${scalar(values.after)}`;
  return undefined;
}

const isScalar = (value: unknown) => value === undefined || typeof value !== 'object';
const scalar = (value: unknown) => (value === undefined ? 'unset' : `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``);
const stringAt = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The value at a path of a description, following its local `$ref`s (a bundled description keeps them). */
function valueAt(document: unknown, parts: (string | number)[]): unknown {
  const follow = (node: unknown, depth = 0): unknown => {
    const ref = node && typeof node === 'object' ? (node as { $ref?: unknown }).$ref : undefined;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || depth > 20) return node;
    const target = ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), document);
    return follow(target, depth + 1);
  };
  return parts.reduce<unknown>((node, part) => {
    const resolved = follow(node);
    return resolved && typeof resolved === 'object' ? follow((resolved as Record<string | number, unknown>)[part]) : undefined;
  }, document);
}
