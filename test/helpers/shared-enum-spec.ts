// The "one shared schema expanded everywhere" description (issue 38): many operations that all
// take and answer one component schema whose field has a very long enum. Small to write (about
// 650 KB with 1,000 operations; the was 455 KB), it once made a gigabyte of output, as
// each page, twin and data file copied the list.
import fs from 'node:fs';
import path from 'node:path';

export interface SharedEnumSpec {
  operations: number;
  values: number;
}

/** The value at `index` of the long enum: distinct words a search index would keep. */
export const shadeName = (index: number) => `shade-${String(index).padStart(5, '0')}`;

/** Writes the description as YAML into `folder`; returns its path. */
export function writeSharedEnumSpec(folder: string, { operations, values }: SharedEnumSpec): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Paint Shades API', '  version: 1.0.0', 'servers:', '  - url: https://paint.example.test', 'paths:'];
  // Each path has a read and a replace: half the operations answer the schema, half take and answer it.
  for (let n = 0; n < operations / 2; n++) {
    lines.push(`  /swatches/s${n}/{id}:`, '    parameters:', '      - { name: id, in: path, required: true, schema: { type: string } }');
    lines.push('    get:', `      operationId: getSwatch${n}`, `      summary: Read swatch ${n}`, '      responses:', "        '200':", '          description: The swatch.', '          content:', '            application/json:', "              schema: { $ref: '#/components/schemas/Swatch' }");
    lines.push('    put:', `      operationId: replaceSwatch${n}`, `      summary: Replace swatch ${n}`, '      requestBody:', '        required: true', '        content:', '          application/json:', "            schema: { $ref: '#/components/schemas/Swatch' }");
    lines.push('      responses:', "        '200':", '          description: The swatch as stored.', '          content:', '            application/json:', "              schema: { $ref: '#/components/schemas/Swatch' }");
  }
  lines.push('components:', '  schemas:', '    Swatch:', '      type: object', '      required: [id, shade]', '      properties:', '        id: { type: string }', '        shade:', '          type: string', '          description: The shade the swatch is painted in.');
  lines.push(`          enum: [${Array.from({ length: values }, (_, index) => shadeName(index)).join(', ')}]`);
  const file = path.join(folder, 'shades.openapi.yaml');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
