/** Paths listed at most: a suggestion list, not the whole of a large schema. */
const MAX_PATHS = 200;
const MAX_DEPTH = 8;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Plain names are written dotted; anything else a path could not say is left out. */
const SIMPLE_NAME = /^[A-Za-z_$][\w$-]*$/;

/**
 * The dotted paths (`order.total`, `items[0].sku`) a payload valid against `schema` may hold, in
 * the schema's order: what the filter and rule condition editors suggest. Follows `properties`,
 * `items` and the branches of `allOf`/`anyOf`/`oneOf`; local `$ref`s are not followed.
 */
export function listSchemaPaths(schema: unknown, prefix = ''): string[] {
  const paths: string[] = [];
  const seen = new Set<string>();
  const add = (path: string) => {
    if (paths.length < MAX_PATHS && !seen.has(path)) {
      seen.add(path);
      paths.push(path);
    }
  };
  const walk = (node: unknown, at: string, depth: number) => {
    if (!isSchema(node) || depth > MAX_DEPTH || paths.length >= MAX_PATHS) return;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const branch of branches) walk(branch, at, depth + 1);
    }
    if (isSchema(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        if (!SIMPLE_NAME.test(name)) continue;
        const path = at ? `${at}.${name}` : name;
        add(path);
        walk(child, path, depth + 1);
      }
    }
    if (isSchema(node.items) && at) walk(node.items, `${at}[0]`, depth + 1);
  };
  walk(schema, prefix, 0);
  return paths;
}
