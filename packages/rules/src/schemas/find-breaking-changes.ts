/** What makes a schema change refuse a payload the previous schema accepted. */
export type BreakingChangeKind =
  | 'REQUIRED_ADDED'
  | 'TYPE_NARROWED'
  | 'ENUM_VALUE_REMOVED'
  | 'PROPERTY_REMOVED';

export type BreakingChange = { kind: BreakingChangeKind; path: string; message: string };

export type SchemaComparison = { breaking: boolean; changes: BreakingChange[] };

type Schema = Record<string, unknown>;

/** Changes deeper than this are not looked for: a schema this deep is rare, and the walk stays bounded. */
const MAX_DEPTH = 32;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A missing schema accepts everything, as `{}` does; `false` accepts nothing. */
const asSchema = (value: unknown): Schema | false => (value === false ? false : isSchema(value) ? value : {});

function typesOf(schema: Schema): Set<string> | null {
  const { type } = schema;
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((item): item is string => typeof item === 'string'));
  return null;
}

/** `integer` is within `number`: a type set still accepts `type` when it holds it or `number` holds it. */
const acceptsType = (types: Set<string>, type: string) =>
  types.has(type) || (type === 'integer' && types.has('number'));

const enumOf = (schema: Schema): unknown[] | null => {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return null;
};

const keyOf = (value: unknown) => JSON.stringify(value);

const requiredOf = (schema: Schema) =>
  new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((item): item is string => typeof item === 'string')
      : [],
  );

const propertiesOf = (schema: Schema): Schema =>
  isSchema(schema.properties) ? (schema.properties as Schema) : {};

const childPath = (path: string, key: string) => (path ? `${path}.${key}` : key);
const label = (path: string) => path || '(raiz)';

/**
 * Compares two JSON Schemas of one event and lists what the new one refuses that the old one
 * accepted: a property made required, a type narrowed (a type removed, or a type or an enum set
 * where there was none), an enum value removed, a property removed where no other properties are
 * allowed. Looks into `properties` and `items`; a change it cannot read (combinators, `$ref`) is
 * not flagged. A missing previous schema counts as `{}`, which accepts everything.
 */
export function findBreakingChanges(previous: unknown, next: unknown): SchemaComparison {
  const changes: BreakingChange[] = [];
  compareAt(asSchema(previous), asSchema(next), '', 0, changes);
  return { breaking: changes.length > 0, changes };
}

function compareAt(
  previous: Schema | false,
  next: Schema | false,
  path: string,
  depth: number,
  out: BreakingChange[],
) {
  if (previous === false || depth > MAX_DEPTH) return;
  if (next === false) {
    out.push({ kind: 'TYPE_NARROWED', path, message: `${label(path)}: nenhum valor é mais aceito` });
    return;
  }
  compareTypes(previous, next, path, out);
  compareEnums(previous, next, path, out);
  compareRequired(previous, next, path, out);
  compareProperties(previous, next, path, depth, out);
  if (isSchema(next.items) || next.items === false) {
    compareAt(asSchema(previous.items), asSchema(next.items), `${path}[]`, depth + 1, out);
  }
}

function compareTypes(previous: Schema, next: Schema, path: string, out: BreakingChange[]) {
  const nextTypes = typesOf(next);
  if (!nextTypes) return;
  const previousTypes = typesOf(previous);
  const lost = previousTypes
    ? [...previousTypes].filter((type) => !acceptsType(nextTypes, type))
    : ['qualquer tipo'];
  if (lost.length > 0) {
    out.push({
      kind: 'TYPE_NARROWED',
      path,
      message: `${label(path)}: tipo restringido a ${[...nextTypes].join(', ')} (antes: ${lost.join(', ')})`,
    });
  }
}

function compareEnums(previous: Schema, next: Schema, path: string, out: BreakingChange[]) {
  const nextValues = enumOf(next);
  if (!nextValues) return;
  const previousValues = enumOf(previous);
  if (!previousValues) {
    out.push({ kind: 'TYPE_NARROWED', path, message: `${label(path)}: valores restringidos a uma lista` });
    return;
  }
  const kept = new Set(nextValues.map(keyOf));
  for (const value of previousValues) {
    if (!kept.has(keyOf(value))) {
      out.push({
        kind: 'ENUM_VALUE_REMOVED',
        path,
        message: `${label(path)}: valor ${keyOf(value)} não é mais aceito`,
      });
    }
  }
}

function compareRequired(previous: Schema, next: Schema, path: string, out: BreakingChange[]) {
  const before = requiredOf(previous);
  for (const name of requiredOf(next)) {
    if (!before.has(name)) {
      const at = childPath(path, name);
      out.push({ kind: 'REQUIRED_ADDED', path: at, message: `${at}: propriedade passou a ser obrigatória` });
    }
  }
}

function compareProperties(
  previous: Schema,
  next: Schema,
  path: string,
  depth: number,
  out: BreakingChange[],
) {
  const before = propertiesOf(previous);
  const after = propertiesOf(next);
  const isClosed = next.additionalProperties === false;
  for (const [name, schema] of Object.entries(before)) {
    const at = childPath(path, name);
    if (Object.hasOwn(after, name)) {
      compareAt(asSchema(schema), asSchema(after[name]), at, depth + 1, out);
    } else if (isClosed) {
      out.push({
        kind: 'PROPERTY_REMOVED',
        path: at,
        message: `${at}: propriedade removida e não é mais aceita`,
      });
    }
  }
  if (isClosed && previous.additionalProperties !== false) {
    out.push({
      kind: 'PROPERTY_REMOVED',
      path,
      message: `${label(path)}: propriedades não listadas deixaram de ser aceitas`,
    });
  }
}
