// Every query, mutation, subscription, type and field of the GraphQL schema is documented (issue #22):
// integrators read the schema in the explorer and in generated clients, so an undocumented one fails here.
import { describe, expect, test } from '@jest/globals';
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLSchema,
} from 'graphql';
import { buildGraphQLSchema } from '../api/src/graphql/schema';

/** "Type", "Type.field" and "Enum.VALUE" names that have no description. */
export function undocumented(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined) => !text || !text.trim();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    const isRoot = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(
      type as never,
    );
    if (!isRoot && blank(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`${type.name}.${field.name}`);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (blank(value.description)) missing.push(`${type.name}.${value.name}`);
      }
    } else if (isUnionType(type) && blank(type.description)) {
      missing.push(type.name);
    }
  }
  return missing.sort();
}

describe('GraphQL schema documentation', () => {
  test('every type, field, query, mutation and subscription has a description', async () => {
    const schema = await buildGraphQLSchema();
    expect(undocumented(schema)).toEqual([]);
  });
});
