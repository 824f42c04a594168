import { z } from 'zod';
import { ZUser } from './auth';
import { ZEmail, ZPassword } from './common';
import { ZQueueSettings } from './events';
import { ZUserName } from './users';

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Informe a senha atual para alterar o e-mail';

/**
 * PUT /auth/me: absent fields keep their value. A new e-mail moves where sign-in and resets go, so
 * it needs the current password.
 */
export const ZUpdateProfileRequest = z.object({
  name: ZUserName.optional(),
  email: ZEmail.optional(),
  currentPassword: z.string().max(128, { error: 'Senha deve ter no máximo 128 caracteres' }).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** True when the request changes the e-mail (compared as stored: lower case). */
export const isEmailChange = (input: { email?: string }, currentEmail: string) =>
  input.email !== undefined && input.email !== currentEmail.toLowerCase();

/** Console form: the request, with the current password required once the e-mail differs. */
export const profileFormSchema = (currentEmail: string) =>
  ZUpdateProfileRequest.superRefine((value, ctx) => {
    if (isEmailChange(value, currentEmail) && !value.currentPassword) {
      ctx.addIssue({ code: 'custom', message: EMAIL_CHANGE_NEEDS_PASSWORD, path: ['currentPassword'] });
    }
  });

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

export const ZProfileStats = z
  .object({
    applications: z.number().int(),
    events: z.number().int(),
    subscriptions: z.number().int(),
    logs: z.number().int(),
  })
  .meta({ id: 'ProfileStats' });
export type TProfileStats = z.infer<typeof ZProfileStats>;

/** GET /auth/me/export: the user's own data, without keys, auth details, signing secrets or hashes. */
export const ZProfileExport = z
  .object({
    exportedAt: z.string(),
    user: ZUser,
    applications: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        visibility: z.string(),
        callbackUrl: z.string().nullable(),
        callbackAuthType: z.string(),
        createdAt: z.string(),
        updatedAt: z.string(),
        membership: z.object({
          isOwner: z.boolean(),
          canRead: z.boolean(),
          canWrite: z.boolean(),
          canDelete: z.boolean(),
        }),
      }),
    ),
    events: z.array(
      z.object({
        id: z.string(),
        applicationId: z.string(),
        name: z.string(),
        alias: z.string(),
        status: z.string(),
        visibility: z.string(),
        queueType: z.string(),
        enableCallbacks: z.boolean(),
        callbackUrl: z.string().nullable(),
        callbackAuthType: z.string(),
        bodyTemplate: z.record(z.string(), z.unknown()).nullable(),
        ...ZQueueSettings,
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        eventId: z.string(),
        name: z.string(),
        status: z.string(),
        targetUrl: z.string(),
        httpMethod: z.string(),
        authType: z.string(),
        jsonBody: z.unknown(),
        filters: z.array(
          z.object({ origin: z.string(), field: z.string(), operator: z.string(), value: z.string() }),
        ),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'ProfileExport' });
export type TProfileExport = z.infer<typeof ZProfileExport>;
