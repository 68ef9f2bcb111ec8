import ts from 'typescript';

/**
 * What `@pexip/vpaas-api`'s generated `api.types.d.ts` says about each REST operation and schema,
 * read from its TypeScript declarations (the package is our ground truth for the VPaaS API), and
 * a comparison of our OpenAPI spec against it, so an operation or field the package has and the
 * spec lacks is reported instead of silently missing from the reference.
 */

export interface PackageOperation {
  key: string; // "GET /v1/orgs"
  operationId: string;
  statuses: string[];
  parameters: string[]; // "path:organisation_id", "query:cursor"
  bodyFields: { name: string; required: boolean }[];
}

export interface PackageSchema {
  name: string;
  fields: { name: string; required: boolean }[];
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

function memberName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function typeLiteralOf(node: ts.TypeNode | undefined): ts.TypeLiteralNode | undefined {
  if (!node) return undefined;
  if (ts.isTypeLiteralNode(node)) return node;
  // `Pagination & { objects?: ... }` and similar: the literal part carries the fields.
  if (ts.isIntersectionTypeNode(node)) return node.types.map(typeLiteralOf).find(Boolean);
  return undefined;
}

function member(literal: ts.TypeLiteralNode | undefined, name: string): ts.PropertySignature | undefined {
  return literal?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && memberName(m) === name);
}

function fieldsOf(literal: ts.TypeLiteralNode | undefined): { name: string; required: boolean }[] {
  return (literal?.members ?? [])
    .filter(ts.isPropertySignature)
    .map((m) => ({ name: memberName(m) ?? '', required: !m.questionToken }))
    .filter((field) => field.name);
}

function interfaceNamed(file: ts.SourceFile, name: string): ts.InterfaceDeclaration {
  const found = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`interface ${name} not found in the package's api.types.d.ts`);
  return found;
}

/** Reads the operations and schemas from the text of `@pexip/vpaas-api/dist/api.types.d.ts`. */
export function readPackageOperations(declarations: string): { operations: PackageOperation[]; schemas: PackageSchema[] } {
  const file = ts.createSourceFile('api.types.d.ts', declarations, ts.ScriptTarget.ES2022, true);
  const components = typeLiteralOf(interfaceNamed(file, 'components').members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && memberName(m) === 'schemas')?.type);
  const schemaTypes = new Map<string, ts.TypeLiteralNode | undefined>();
  for (const schema of components?.members ?? []) {
    if (ts.isPropertySignature(schema)) schemaTypes.set(memberName(schema) ?? '', typeLiteralOf(schema.type));
  }
  // A body is either written out or a reference such as components['schemas']['ParticipantJoinInfo'].
  const bodyLiteral = (node: ts.TypeNode | undefined): ts.TypeLiteralNode | undefined => {
    if (node && ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType) && ts.isStringLiteral(node.indexType.literal)) {
      return schemaTypes.get(node.indexType.literal.text);
    }
    return typeLiteralOf(node);
  };
  const operationTypes = new Map<string, ts.TypeLiteralNode>();
  for (const op of interfaceNamed(file, 'operations').members) {
    const literal = ts.isPropertySignature(op) ? typeLiteralOf(op.type) : undefined;
    const name = memberName(op);
    if (name && literal) operationTypes.set(name, literal);
  }
  const operations: PackageOperation[] = [];
  for (const pathMember of interfaceNamed(file, 'paths').members) {
    const pathName = memberName(pathMember);
    const pathLiteral = ts.isPropertySignature(pathMember) ? typeLiteralOf(pathMember.type) : undefined;
    if (!pathName || !pathLiteral) continue;
    for (const methodMember of pathLiteral.members) {
      const method = memberName(methodMember);
      if (!method || !methods.includes(method) || !ts.isPropertySignature(methodMember)) continue;
      const reference = methodMember.type;
      // operations['listOrgs']
      if (!reference || !ts.isIndexedAccessTypeNode(reference) || !ts.isLiteralTypeNode(reference.indexType) || !ts.isStringLiteral(reference.indexType.literal)) continue;
      const operationId = reference.indexType.literal.text;
      const literal = operationTypes.get(operationId);
      const parameters = typeLiteralOf(member(literal, 'parameters')?.type);
      const body = typeLiteralOf(member(literal, 'requestBody')?.type);
      const bodyContent = typeLiteralOf(member(body, 'content')?.type);
      const bodyType = bodyContent?.members.find(ts.isPropertySignature);
      operations.push({
        key: `${method.toUpperCase()} ${pathName}`,
        operationId,
        statuses: fieldsOf(typeLiteralOf(member(literal, 'responses')?.type)).map((field) => field.name).sort(),
        parameters: ['path', 'query']
          .flatMap((where) => fieldsOf(typeLiteralOf(member(parameters, where)?.type)).map((field) => `${where}:${field.name}`))
          .sort(),
        bodyFields: fieldsOf(bodyLiteral(bodyType?.type)),
      });
    }
  }
  const schemas = [...schemaTypes].map(([name, literal]) => ({ name, fields: fieldsOf(literal) }));
  return { operations, schemas };
}

type JsonObject = Record<string, unknown>;

function resolve(spec: JsonObject, node: unknown): JsonObject | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as JsonObject).$ref;
  if (typeof ref !== 'string') return node as JsonObject;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as JsonObject)[part] : undefined), spec);
  return resolve(spec, target);
}

function schemaFields(spec: JsonObject, schema: JsonObject | undefined): { name: string; required: boolean }[] {
  const properties = (schema?.properties ?? {}) as JsonObject;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.keys(properties).map((name) => ({ name, required: required.has(name) }));
}

const describeFields = (fields: { name: string; required: boolean }[]) =>
  fields.map((field) => `${field.name}${field.required ? '' : '?'}`).sort().join(', ');

/** Every way the spec differs from the package's types, one line each; empty when they agree. */
export function compareSpecWithPackage(spec: JsonObject, declarations: string): string[] {
  const { operations, schemas } = readPackageOperations(declarations);
  const problems: string[] = [];
  const paths = (spec.paths ?? {}) as Record<string, JsonObject>;
  for (const expected of operations) {
    const [method, pathName] = expected.key.split(' ');
    const pathItem = paths[pathName];
    const operation = pathItem?.[method.toLowerCase()] as JsonObject | undefined;
    if (!operation) {
      problems.push(`${expected.key} (${expected.operationId}) is in @pexip/vpaas-api but not in the spec`);
      continue;
    }
    if (operation.operationId !== expected.operationId) {
      problems.push(`${expected.key}: operationId is "${String(operation.operationId)}", the package calls it "${expected.operationId}"`);
    }
    const statuses = Object.keys((operation.responses ?? {}) as JsonObject).sort();
    if (statuses.join(',') !== expected.statuses.join(',')) {
      problems.push(`${expected.key}: responses ${statuses.join(', ')} but the package has ${expected.statuses.join(', ')}`);
    }
    const parameters = [...((pathItem.parameters ?? []) as unknown[]), ...((operation.parameters ?? []) as unknown[])]
      .map((parameter) => resolve(spec, parameter))
      .filter((parameter): parameter is JsonObject => Boolean(parameter) && (parameter!.in === 'path' || parameter!.in === 'query'))
      .map((parameter) => `${String(parameter.in)}:${String(parameter.name)}`)
      .sort();
    if (parameters.join(',') !== expected.parameters.join(',')) {
      problems.push(`${expected.key}: parameters ${parameters.join(', ') || 'none'} but the package has ${expected.parameters.join(', ') || 'none'}`);
    }
    const content = (resolve(spec, operation.requestBody)?.content ?? {}) as JsonObject;
    const bodySchema = resolve(spec, (Object.values(content)[0] as JsonObject | undefined)?.schema);
    const bodyFields = schemaFields(spec, bodySchema);
    if (describeFields(bodyFields) !== describeFields(expected.bodyFields)) {
      problems.push(`${expected.key}: request body fields ${describeFields(bodyFields) || 'none'} but the package has ${describeFields(expected.bodyFields) || 'none'}`);
    }
  }
  const specSchemas = ((spec.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  for (const expected of schemas) {
    const schema = resolve(spec, specSchemas[expected.name]);
    if (!schema) {
      problems.push(`schema ${expected.name} is in @pexip/vpaas-api but not in the spec's components`);
      continue;
    }
    const fields = schemaFields(spec, schema);
    if (describeFields(fields) !== describeFields(expected.fields)) {
      problems.push(`schema ${expected.name}: fields ${describeFields(fields)} but the package has ${describeFields(expected.fields)}`);
    }
  }
  return problems;
}
