import { z } from 'zod';
import { ZUser } from './auth';
import { paginated, ZEmail, ZPassword } from './common';

export const ZUserName = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, { error: 'Nome é obrigatório' })
  .min(2, { error: 'Nome deve ter pelo menos 2 caracteres' })
  .max(255, { error: 'Nome deve ter no máximo 255 caracteres' });

/** Server body for POST /admin/users. */
export const ZCreateUserRequest = z.object({
  name: ZUserName,
  email: ZEmail,
  password: ZPassword,
  isAdmin: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

/** Server body for PUT /admin/users/{id}; password only when it changes. */
export const ZUpdateUserRequest = z.object({
  name: ZUserName.optional(),
  email: ZEmail.optional(),
  password: ZPassword.optional(),
  isAdmin: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** Console create form: the request plus a matching confirmation. */
export const ZCreateUserForm = ZCreateUserRequest.extend({
  confirmPassword: z
    .string({ error: 'Confirmação de senha é obrigatória' })
    .min(1, { error: 'Confirmação de senha é obrigatória' }),
}).refine((form) => form.password === form.confirmPassword, {
  error: 'As senhas não coincidem',
  path: ['confirmPassword'],
});
export type TCreateUserForm = z.input<typeof ZCreateUserForm>;

/** Console edit form: password optional; confirmation checked only when one is typed. */
export const ZUpdateUserForm = z
  .object({
    name: ZUserName,
    email: ZEmail,
    password: z.union([z.literal(''), ZPassword]).optional(),
    confirmPassword: z.string().optional(),
    isAdmin: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((form) => !form.password || form.password === form.confirmPassword, {
    error: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });
export type TUpdateUserForm = z.input<typeof ZUpdateUserForm>;

export const ZUserListItem = ZUser.extend({
  _count: z.object({ userApplications: z.number().int() }),
}).meta({ id: 'UserListItem' });
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const ZUserApplicationLink = z.object({
  application: z.object({ id: z.string(), name: z.string(), apiKeyPrefix: z.string() }),
  isOwner: z.boolean(),
  canRead: z.boolean(),
  canWrite: z.boolean(),
  canDelete: z.boolean(),
});

export const ZUserDetail = ZUserListItem.extend({ userApplications: z.array(ZUserApplicationLink) }).meta({
  id: 'UserDetail',
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserListResponse = paginated(ZUserListItem).meta({ id: 'UserList' });
export type TUserListResponse = z.infer<typeof ZUserListResponse>;
