import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  answerJsonSchema,
  answerSerializerCompiler,
} from '../../../server/plugins/answer-serializer';
import { envelope } from '../../../shared/contracts/envelope';

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const contractsDir = new URL('../../../shared/contracts/', import.meta.url);

/** Every zod schema the shared contracts export, by module and name. */
async function contractSchemas(): Promise<[string, z.ZodType][]> {
  const found: [string, z.ZodType][] = [];
  for (const file of readdirSync(contractsDir).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(new URL(file, contractsDir).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType) found.push([`${file}:${name}`, value]);
    }
  }
  return found;
}

const bound = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A value, and the same value with a key its contract does not name in each of its objects. */
type Sample = { clean: unknown; withUnknownKeys: unknown };
const same = (value: unknown): Sample => ({ clean: value, withUnknownKeys: value });

/** Samples of a JSON schema as zod writes them. */
function samplesOf(schema: JsonSchema, root: JsonSchema): fc.Arbitrary<Sample> {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/definitions/', '');
    return fc.constant(null).chain(() => samplesOf(definitionOf(root, name), root));
  }
  if ('const' in schema) return fc.constant(same(schema.const));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[])).map(same);
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => samplesOf(choice, root)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => samplesOf({ ...schema, type }, root)));
  }
  switch (schema.type) {
    case 'array':
      return fc
        .array(samplesOf(schema.items as JsonSchema, root), {
          minLength: bound(schema.minItems, 0),
          maxLength: Math.min(bound(schema.maxItems, 3), 3),
        })
        .map((items) => ({
          clean: items.map((item) => item.clean),
          withUnknownKeys: items.map((item) => item.withUnknownKeys),
        }));
    case 'object':
      return objectsOf(schema, root);
    default:
      return scalarsOf(schema).map(same);
  }
}

function definitionOf(root: JsonSchema, name: string): JsonSchema {
  return (root.definitions as Record<string, JsonSchema>)[name] as JsonSchema;
}

function scalarsOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(bound(schema.minimum, -1e6), bound(schema.exclusiveMinimum, -1e6 - 1) + 1),
        max: Math.min(bound(schema.maximum, 1e6), 1e6),
      });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: Math.max(bound(schema.minimum, -1e9), bound(schema.exclusiveMinimum, -1e9) + 1e-6),
        max: Math.min(bound(schema.maximum, 1e9), 1e9),
      });
    case 'string':
      return stringsOf(schema);
    default:
      return fc.jsonValue();
  }
}

function stringsOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({
    minLength: bound(schema.minLength, 0),
    maxLength: bound(schema.maxLength, 12),
  });
}

function objectsOf(schema: JsonSchema, root: JsonSchema): fc.Arbitrary<Sample> {
  if (typeof schema.additionalProperties === 'object') {
    // A record: any key, each value of its schema.
    const values = samplesOf(schema.additionalProperties as JsonSchema, root);
    return fc
      .dictionary(fc.string({ minLength: 1, maxLength: 6 }), values, { maxKeys: 3 })
      .map((entries) => ({
        clean: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.clean])),
        withUnknownKeys: Object.fromEntries(
          Object.entries(entries).map(([k, v]) => [k, v.withUnknownKeys]),
        ),
      }));
  }
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [
      key,
      required.has(key)
        ? samplesOf(property, root)
        : fc.option(samplesOf(property, root), { nil: undefined }),
    ]),
  ) as Record<string, fc.Arbitrary<Sample | undefined>>;
  return fc.record(shape).map((fields) => {
    const present = Object.entries(fields).filter(
      (entry): entry is [string, Sample] => entry[1] !== undefined,
    );
    return {
      clean: Object.fromEntries(present.map(([key, value]) => [key, value.clean])),
      withUnknownKeys: {
        passwordHash: 'never sent',
        ...Object.fromEntries(present.map(([key, value]) => [key, value.withUnknownKeys])),
      },
    };
  });
}

describe('answer serializer', () => {
  it('writes exactly what zod would for every contract it compiles, and never a field the contract does not name', async () => {
    const schemas = await contractSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    let compared = 0;
    for (const [name, contract] of schemas) {
      const answer = envelope(contract);
      const json = answerJsonSchema(answer) as JsonSchema | null;
      if (!json) continue; // zod's own serializer writes it, as before
      const serialize = answerSerializerCompiler({
        schema: answer,
        method: 'GET',
        url: name,
        httpStatus: '200',
      });
      const encoded = (sample: Sample) => {
        try {
          return answer.safeEncode(sample.clean as never);
        } catch {
          return { success: false as const }; // a one-way transform: a request's contract
        }
      };
      const encodes = (sample: Sample) => encoded(sample).success;
      // Request contracts with refinements (a password's rules...) are not answers: skip them.
      if (!fc.sample(samplesOf(json, json), 40).some(encodes)) continue;
      fc.assert(
        fc.property(samplesOf(json, json), (sample) => {
          const expected = encoded(sample);
          fc.pre(expected.success);
          const sent = serialize(sample.withUnknownKeys) as string;
          expect(JSON.parse(sent), name).toEqual(JSON.parse(JSON.stringify(expected.data)));
          expect(sent, name).not.toContain('never sent');
        }),
        { numRuns: 40, maxSkipsPerRun: 1000 },
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
    // 40 samples of each of more than 100 contracts: about 2 s alone, over vitest's default 5 s
    // when the other unit files share the two cores (it timed out once so).
  }, 30_000);
});
