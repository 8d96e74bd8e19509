import { z } from 'zod';

/** `POST /api/password/forgot`: the account's e-mail address. Source: issue 16 "Mail the product already promises". */
export const forgotPasswordInputSchema = z.object({
  email: z
    .string({ message: 'Email address is required.' })
    .trim()
    .min(1, { message: 'Email address is required.', abort: true })
    .email('Please enter a valid email address')
    .max(190),
});
/** See {@link forgotPasswordInputSchema}. */
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /api/password/reset`: the token from the mailed link and the new password twice (the registration's rules). */
export const resetPasswordInputSchema = z
  .object({
    token: z.string({ message: 'The reset link is incomplete.' }).trim().min(20, 'The reset link is incomplete.').max(200, 'The reset link is incomplete.'),
    password: z.string({ message: 'Password is required.' }).min(4, 'Password must be at least 4 characters long.').max(200),
    password_confirmation: z.string({ message: 'Please confirm the password.' }),
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'Passwords do not match.', path: ['password_confirmation'] });
/** See {@link resetPasswordInputSchema}. */
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
