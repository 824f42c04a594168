import { z } from 'zod';
import { ZEmail, ZLoginPassword } from './common';

export const ZLoginRequest = z.object({ email: ZEmail, password: ZLoginPassword });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

export const ZLoginResponse = z.object({ user: ZUser, token: z.string() }).meta({ id: 'LoginAnswer' });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
