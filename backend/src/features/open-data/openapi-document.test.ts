/**
 * Issue 24 (13): /developers logged "document validation errors … /components/schemas/Job" from the API
 * reference viewer. The document is checked by an OpenAPI 3.1 validator (the specification's JSON Schema), and
 * by the rule the viewer (Scalar) applies on top: every schema states its `type` (or is a `$ref`).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

type Json = Record<string, unknown>;

/** Every schema of the document, with where it is: under properties, items and the combinators. */
function schemasOf(schema: Json, at: string, out: { at: string; schema: Json }[] = []) {
  out.push({ at, schema });
  for (const [name, child] of Object.entries((schema.properties as Record<string, Json>) ?? {}))
    schemasOf(child, `${at}/properties/${name}`, out);
  if (schema.items && typeof schema.items === 'object') schemasOf(schema.items as Json, `${at}/items`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, child] of ((schema[key] as Json[]) ?? []).entries())
      schemasOf(child, `${at}/${key}/${i}`, out);
  return out;
}

describe('the OpenAPI document', () => {
  const doc = openApiDocument('http://localhost:3000') as unknown as Json;

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('states a type on every component schema, as the API reference viewer requires', () => {
    const components = (doc.components as { schemas: Record<string, Json> }).schemas;
    const untyped = Object.entries(components)
      .flatMap(([name, schema]) => schemasOf(schema, `/components/schemas/${name}`))
      .filter(({ schema }) => schema.type === undefined && schema.$ref === undefined)
      .map(({ at }) => at);
    expect(untyped).toEqual([]);
  });

  it('writes a nullable value as a list of types, null in its enum', () => {
    const job = (doc.components as { schemas: Record<string, Json> }).schemas.Job!;
    const props = job.properties as Record<string, Json>;
    expect(props.continent).toMatchObject({ type: ['string', 'null'] });
    expect(props.continent!.enum).toContain(null);
    expect(props.confirmedBy).toMatchObject({ type: ['object', 'null'], required: ['kind', 'name'] });
    expect(props.eligibility).toMatchObject({ type: ['object', 'null'] });
  });
});
