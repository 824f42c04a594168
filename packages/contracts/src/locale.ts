import { z } from 'zod';

// Zod's own messages (wrong types, sizes, unknown enum values) in Brazilian Portuguese, on the server
// and in the console alike. Zod ships only a European Portuguese locale ('Demasiado pequeno',
// 'ficheiro'): the codes a client meets are written here, the rare rest falls back to it.

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'um booleano (true ou false)',
  object: 'um objeto',
  array: 'uma lista',
  date: 'uma data',
  null: 'nulo',
  undefined: 'vazio',
  nan: 'um número inválido',
};
const SIZE_UNITS: Record<string, string> = {
  string: 'caracteres',
  array: 'itens',
  set: 'itens',
  file: 'bytes',
};

const typeName = (type: string) => TYPE_NAMES[type] ?? type;

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

type Issue = {
  code?: string;
  expected?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: unknown[];
  keys?: string[];
};

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** The pt-BR message of an issue, or undefined to let the fallback locale answer. */
export function describeIssue(issue: Issue): string | undefined {
  const unit = SIZE_UNITS[issue.origin ?? ''];
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Campo obrigatório';
      return `Valor inválido: esperado ${typeName(issue.expected ?? '')}, recebido ${typeName(typeOf(issue.input))}`;
    case 'too_small': {
      const bound = issue.inclusive ? 'no mínimo' : 'mais que';
      return unit
        ? `Muito curto: deve ter ${bound} ${issue.minimum} ${unit}`
        : `Valor muito pequeno: deve ser ${bound} ${issue.minimum}`;
    }
    case 'too_big': {
      const bound = issue.inclusive ? 'no máximo' : 'menos que';
      return unit
        ? `Muito longo: deve ter ${bound} ${issue.maximum} ${unit}`
        : `Valor muito grande: deve ser ${bound} ${issue.maximum}`;
    }
    case 'invalid_value':
      return issue.values?.length === 1
        ? `Valor inválido: esperado ${show(issue.values[0])}`
        : `Opção inválida: use uma destas: ${(issue.values ?? []).map(show).join(', ')}`;
    case 'invalid_format':
      return 'Formato inválido';
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `${keys.length > 1 ? 'Campos não reconhecidos' : 'Campo não reconhecido'}: ${keys.join(', ')}`;
    }
    default:
      return undefined;
  }
}

const fallback = z.locales.pt().localeError;
z.config({
  localeError: (issue) => describeIssue(issue as Issue) ?? fallback?.(issue),
});
