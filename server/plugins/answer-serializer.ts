import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

/**
 * Answers are written by a serializer compiled from their zod contract (fast-json-stringify
 * over the contract's JSON Schema) instead of a zod parse then `JSON.stringify` per answer:
 * the same JSON, with only the fields the contract names (a field it does not name is never
 * sent), in a fraction of the time. A contract JSON Schema cannot express (a transform), or
 * that rewrites values as it checks them (`trim()`, `toLowerCase()`), keeps zod's own.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const json = answerJsonSchema(route.schema);
  return json ? fastJson(json as never) : zodSerializerCompiler(route);
};

/** The JSON Schema an answer is written by, or null where zod's own serializer must write it. */
export function answerJsonSchema(contract: ZodType): JsonSchema | null {
  let rewritesValues = false;
  try {
    const json = z.toJSONSchema(contract, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      override: ({ zodSchema }) => {
        rewritesValues ||= hasValueRewrite(zodSchema);
      },
    });
    return rewritesValues ? null : (forFastJson(json) as JsonSchema);
  } catch {
    return null;
  }
}

/**
 * Two rewrites fast-json-stringify needs to write what zod would: an object is written with its
 * named fields whatever else it holds (`additionalProperties: false` would make a nullable
 * object's branch reject it instead), and "this or null" is a type list, written directly
 * rather than chosen between by a validator at every answer.
 */
function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (!schema || typeof schema !== 'object') return schema;
  const rewritten: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'additionalProperties' && value === false) continue;
    rewritten[keyword] =
      keyword === 'properties' || keyword === 'definitions'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([k, v]) => [k, forFastJson(v)]),
          )
        : forFastJson(value);
  }
  return nullableAsTypeList(rewritten);
}

function nullableAsTypeList(schema: JsonSchema): JsonSchema {
  const choices = schema.anyOf;
  if (!Array.isArray(choices) || choices.length !== 2) return schema;
  const value = choices.find((choice: JsonSchema) => choice.type !== 'null') as
    | JsonSchema
    | undefined;
  const isNull = choices.some(
    (choice: JsonSchema) => choice.type === 'null' && Object.keys(choice).length === 1,
  );
  if (!value || !isNull || typeof value.type !== 'string' || 'anyOf' in value || 'oneOf' in value) {
    return schema;
  }
  const { anyOf: _choices, ...rest } = schema;
  return { ...rest, ...value, type: [value.type, 'null'] };
}

/** A zod check that changes the value it checks (`trim()`, `toLowerCase()`...). */
function hasValueRewrite(schema: z.core.$ZodType): boolean {
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  return checks.some((check) => check._zod.def.check === 'overwrite');
}
