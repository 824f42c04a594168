import type { ErrorObject } from 'ajv/dist/2020.js';

/** JSON Schema type names as a pt-BR reader knows them. */
const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'número inteiro',
  boolean: 'booleano',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
};

const typeName = (type: unknown) =>
  (Array.isArray(type) ? type : [type]).map((name) => TYPE_NAMES[String(name)] ?? String(name)).join(' ou ');

const plural = (count: unknown, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const valueList = (values: unknown) =>
  Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(', ') : String(values);

type Params = Record<string, unknown>;

/** pt-BR messages of the keywords a payload most often breaks; any other keeps ajv's (English) text. */
const MESSAGES: Record<string, (params: Params) => string> = {
  required: () => 'propriedade obrigatória ausente',
  type: (p) => `deve ser do tipo ${typeName(p.type)}`,
  enum: (p) => `deve ser um dos valores permitidos: ${valueList(p.allowedValues)}`,
  const: (p) => `deve ser igual a ${JSON.stringify(p.allowedValue)}`,
  minimum: (p) => `deve ser maior ou igual a ${p.limit}`,
  exclusiveMinimum: (p) => `deve ser maior que ${p.limit}`,
  maximum: (p) => `deve ser menor ou igual a ${p.limit}`,
  exclusiveMaximum: (p) => `deve ser menor que ${p.limit}`,
  minLength: (p) => `deve ter pelo menos ${plural(p.limit, 'caractere', 'caracteres')}`,
  maxLength: (p) => `deve ter no máximo ${plural(p.limit, 'caractere', 'caracteres')}`,
  minItems: (p) => `deve ter pelo menos ${plural(p.limit, 'item', 'itens')}`,
  maxItems: (p) => `deve ter no máximo ${plural(p.limit, 'item', 'itens')}`,
  minProperties: (p) => `deve ter pelo menos ${plural(p.limit, 'propriedade', 'propriedades')}`,
  maxProperties: (p) => `deve ter no máximo ${plural(p.limit, 'propriedade', 'propriedades')}`,
  uniqueItems: () => 'não deve ter itens repetidos',
  multipleOf: (p) => `deve ser múltiplo de ${p.multipleOf}`,
  pattern: (p) => `deve corresponder ao padrão "${p.pattern}"`,
  format: (p) => `deve estar no formato "${p.format}"`,
  additionalProperties: () => 'propriedade não permitida pelo schema',
  unevaluatedProperties: () => 'propriedade não permitida pelo schema',
  oneOf: () => 'deve corresponder a exatamente uma das alternativas do schema',
  anyOf: () => 'deve corresponder a pelo menos uma das alternativas do schema',
  not: () => 'não deve corresponder ao schema proibido',
};

/** The property a fault is about, when the keyword names one beside the object's path. */
const NAMED_PROPERTY: Record<string, string> = {
  required: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
};

/** Escapes a property name into a JSON pointer segment. */
const toPointerSegment = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** Where one ajv error points (a JSON pointer, '' the root) and why, in pt-BR. */
export function describeSchemaFault(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Params;
  const propertyParam = NAMED_PROPERTY[error.keyword];
  const property = propertyParam ? params[propertyParam] : undefined;
  const path =
    typeof property === 'string' ? `${error.instancePath}/${toPointerSegment(property)}` : error.instancePath;
  const message = MESSAGES[error.keyword]?.(params) ?? error.message ?? error.keyword;
  return { path, message };
}
