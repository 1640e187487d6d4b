/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`. The API reference viewer (Scalar) wants a `type`
 * on every schema it reaches through a `$ref` (a JobsPage's `data` items are the Job), and logged "document
 * validation errors … /components/schemas/Job" for the Job's nullable continent, eligibility and
 * confirmedBy. `type: [X's type, 'null']` (with `null` added to an `enum`) says the same in JSON Schema 2020-12,
 * OpenAPI 3.1's dialect. Anything else (a `$ref`, a `const`, a union inside) is left as zod wrote it.
 */
type JsonSchema = Record<string, unknown>;

const isNullOnly = (s: unknown): boolean =>
  typeof s === 'object' && s !== null && Object.keys(s).length === 1 && (s as JsonSchema).type === 'null';

/** A zod-openapi `override`: rewrites a nullable schema in place. */
export function nullableAsTypeList({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  const members = jsonSchema.anyOf;
  if (!Array.isArray(members) || members.length !== 2) return;
  const nullAt = members.findIndex(isNullOnly);
  if (nullAt === -1) return;
  const value = members[1 - nullAt] as JsonSchema;
  if (typeof value.type !== 'string' || 'const' in value || '$ref' in value) return;
  if ('anyOf' in value || 'oneOf' in value || 'allOf' in value) return;
  delete jsonSchema.anyOf;
  for (const [key, v] of Object.entries(value)) if (!(key in jsonSchema)) jsonSchema[key] = v;
  jsonSchema.type = [value.type, 'null'];
  if (Array.isArray(value.enum)) jsonSchema.enum = [...(value.enum as unknown[]), null];
}
