import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

export const ZId = z.uuid({ error: 'Identificador inválido' });

/** A whole number written in decimal digits, as a query string carries it ('0x10' and '1e2' are not). */
export const queryInt = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }),
  );

/** `true` or `false` in a query string, as a boolean. */
export const queryBoolean = (message: string) =>
  z.enum(['true', 'false'], { error: message }).transform((value) => value === 'true');

/** `?page&limit&search` as every list route accepts them; the default page size differs per list. */
export const listQuery = (defaultLimit: number) =>
  z.object({
    page: queryInt('Página inválida')
      .pipe(z.number().min(1, { error: 'Página inválida' }))
      .default(1),
    limit: queryInt('Limite inválido')
      .pipe(z.number().min(1, { error: 'Limite inválido' }).max(100, { error: 'Limite máximo é 100' }))
      .default(defaultLimit),
    search: z.string().trim().max(255, { error: 'Busca muito longa' }).optional(),
  });

export const ZListQuery = listQuery(10);
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZPagination = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'Pagination' });
export type TPagination = z.infer<typeof ZPagination>;

export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), pagination: ZPagination });

/** The answer of every read, create, change or action that yields one resource: `{ data: item }`. */
export const singleItem = <T extends z.ZodTypeAny>(item: T) => z.object({ data: item });

export const ZIdParams = z.object({ id: ZId });

/** What the caller may do on a row, from the access policy: the console hides what it may not. */
export const ZRowPermissions = z.object({ canWrite: z.boolean(), canDelete: z.boolean() });
export type TRowPermissions = z.infer<typeof ZRowPermissions>;

export const ZMessageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });

/** http:// or https:// URL. */
export const ZHttpUrl = z
  .string()
  .trim()
  .max(2048, { error: 'URL muito longa' })
  .regex(/^https?:\/\//i, { error: 'URL deve começar com http:// ou https://' })
  .refine((value) => URL.canParse(value), { error: 'URL inválida' });

export const ZEmail = z
  .string({ error: 'Email é obrigatório' })
  .trim()
  .min(1, { error: 'Email é obrigatório' })
  .max(255, { error: 'Email deve ter no máximo 255 caracteres' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Email inválido' })
  .transform((value) => value.toLowerCase());

/**
 * A new password: at least 8 characters, not only whitespace, not one of the most common. Only
 * for passwords being set; signing in checks any stored password (ZLoginPassword).
 */
export const ZPassword = z
  .string({ error: 'Senha é obrigatória' })
  .min(1, { error: 'Senha é obrigatória' })
  .min(8, { error: 'Senha deve ter pelo menos 8 caracteres' })
  .max(128, { error: 'Senha deve ter no máximo 128 caracteres' })
  .refine((password) => password.trim() !== '', { error: 'Senha não pode conter apenas espaços' })
  .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE });

/**
 * The password typed to sign in: any stored password is checked by the server, so no minimum here
 * (accounts created before the policy keep their shorter ones; a form minimum would refuse them).
 */
export const ZLoginPassword = z
  .string({ error: 'Senha é obrigatória' })
  .min(1, { error: 'Senha é obrigatória' })
  .max(128, { error: 'Senha deve ter no máximo 128 caracteres' });
