// What the OpenAPI document is made of after fastify-type-provider-zod has written each schema:
// the named schemas some call uses, with references written as OpenAPI 3.0 and Redocly read them.

const COMPONENT_REF = '#/components/schemas/';

type Json = Record<string, unknown>;
const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The names of the components `root` points to, and those they point to in turn. */
export function componentsInUse(root: unknown, schemas: Readonly<Json>): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isJsonObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) {
        const name = child.slice(COMPONENT_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(child);
      }
    }
  };
  visit(root);
  return used;
}

/**
 * The same schemas, with each reference zod wraps in `allOf` written plainly: alone, as the
 * reference itself; nullable, with the type OpenAPI 3.0 wants beside `nullable` (an object or
 * null is `{ type: 'object', nullable: true, allOf: [ref] }`).
 */
export function withPlainReferences<Value>(value: Value, schemas: Readonly<Json>): Value {
  const tidy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(tidy);
    if (!isJsonObject(node)) return node;
    const tidied = Object.fromEntries(
      Object.entries(node).map(([key, child]) => [key, tidy(child)]),
    );
    const only: unknown =
      Array.isArray(tidied.allOf) && tidied.allOf.length === 1 ? tidied.allOf[0] : undefined;
    if (!isJsonObject(only) || typeof only.$ref !== 'string') return tidied;
    if (Object.keys(tidied).length === 1) return only;
    const target = schemas[only.$ref.slice(COMPONENT_REF.length)];
    if (tidied.nullable === true && !('type' in tidied) && isJsonObject(target)) {
      return { type: target.type, ...tidied };
    }
    return tidied;
  };
  return tidy(value) as Value;
}

/**
 * The same paths, with a body a call may go without (its schema nullable: Fastify hands the route
 * null for a request with none) written as OpenAPI has it: not required, of the schema it takes
 * when sent. @fastify/swagger marks every body required.
 */
export function withOptionalBodies<Paths>(paths: Paths): Paths {
  if (!isJsonObject(paths)) return paths;
  for (const operations of Object.values(paths)) {
    if (!isJsonObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      const body = isJsonObject(operation) ? operation.requestBody : undefined;
      const content = isJsonObject(body) ? body.content : undefined;
      const json = isJsonObject(content) ? content['application/json'] : undefined;
      const schema = isJsonObject(json) ? json.schema : undefined;
      if (!isJsonObject(body) || !isJsonObject(json) || !isJsonObject(schema)) continue;
      if (schema.nullable !== true) continue;
      // Sent, it is the schema itself: the one reference a nullable wraps, or the schema as it is.
      const only: unknown = Array.isArray(schema.allOf) ? schema.allOf[0] : undefined;
      const wrapsOne = Object.keys(schema).every((key) =>
        ['type', 'nullable', 'allOf'].includes(key),
      );
      if (
        wrapsOne &&
        isJsonObject(only) &&
        Array.isArray(schema.allOf) &&
        schema.allOf.length === 1
      ) {
        json.schema = only;
      } else {
        delete schema.nullable;
      }
      body.required = false;
    }
  }
  return paths;
}
