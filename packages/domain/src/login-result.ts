// What a sign-in answers (POST /api/login, and the registration that signs the new account in), as a zod schema for
// the contracts. Kept apart from api.ts, whose LoginResult type it follows: the sign-in page imports api.ts, which
// must not carry zod.
import { z } from 'zod';
import type { LoginResult } from './api.ts';

export const ZLoginResult = z.object({
  access_token: z.string(),
  expires_in: z.number().int().describe('有效期（秒）'),
  created_at: z.number().int().describe('签发时间（UNIX 秒）'),
  identityType: z.number().int(),
}) satisfies z.ZodType<LoginResult>;
