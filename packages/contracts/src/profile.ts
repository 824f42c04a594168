import { z } from 'zod';
import { ZEmail, ZPassword } from './common';
import { ZUserName } from './users';

export const ZUpdateProfileRequest = z.object({ name: ZUserName, email: ZEmail });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: 'Senha atual é obrigatória' })
      .min(1, { error: 'Senha atual é obrigatória' })
      .max(128, { error: 'Senha deve ter no máximo 128 caracteres' }),
    newPassword: ZPassword,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    error: 'A nova senha deve ser diferente da senha atual',
    path: ['newPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Console dialog: the request plus a matching confirmation. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: 'Senha atual é obrigatória' }),
    newPassword: ZPassword,
    confirmPassword: z
      .string({ error: 'Confirmação de senha é obrigatória' })
      .min(1, { error: 'Confirmação de senha é obrigatória' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'As senhas não coincidem',
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    error: 'A nova senha deve ser diferente da senha atual',
    path: ['newPassword'],
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

export const ZProfileStats = z.object({
  applications: z.number().int(),
  events: z.number().int(),
  subscriptions: z.number().int(),
  logs: z.number().int(),
});
export type TProfileStats = z.infer<typeof ZProfileStats>;
