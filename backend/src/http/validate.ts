import type Koa from 'koa';
import type { z } from 'zod';
import { badRequest, type FieldIssue } from './errors';
import { refuseUnstorableText } from './text-input';

type Schema = z.ZodType;

export interface Schemas {
  query?: Schema;
  params?: Schema;
  body?: Schema;
}

export type Input<S extends Schemas> = {
  query: S['query'] extends Schema ? z.output<S['query']> : undefined;
  params: S['params'] extends Schema ? z.output<S['params']> : undefined;
  body: S['body'] extends Schema ? z.output<S['body']> : undefined;
};

const PART_LABEL = { query: 'query parameter', params: 'path parameter', body: 'field' } as const;

function issuesOf(part: keyof Schemas, error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join('.') : part,
    message: i.message,
  }));
}

/** Parses query, params and body with the contracts' zod schemas; a failure answers 400 naming the field. */
export function parseInput<S extends Schemas>(ctx: Koa.Context, schemas: S): Input<S> {
  const out: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    const raw =
      part === 'query'
        ? ctx.query
        : part === 'params'
          ? ((ctx as unknown as { params?: unknown }).params ?? {})
          : ctx.request.body;
    refuseUnstorableText(raw, PART_LABEL[part]);
    const result = schema.safeParse(raw);
    if (!result.success) {
      const issues = issuesOf(part, result.error);
      const first = issues[0]!;
      throw badRequest(`Invalid ${PART_LABEL[part]} '${first.path}': ${first.message}`, issues);
    }
    out[part] = result.data;
  }
  return out as Input<S>;
}

/** A route handler whose input has been validated: `validated({ query }, async (ctx, { query }) => ...)`. */
export function validated<S extends Schemas>(
  schemas: S,
  fn: (ctx: Koa.Context, input: Input<S>) => Promise<void> | void,
): Koa.Middleware {
  return async function validatedHandler(ctx) {
    await fn(ctx, parseInput(ctx, schemas));
  };
}
