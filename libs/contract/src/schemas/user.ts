import { z } from 'zod';
import { ErrorBody, Timestamp } from './common';

export const Badge = z
  .object({ name: z.string(), description: z.string(), icon: z.string(), earnedAt: z.string() })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof Badge>;

/**
 * The signed-in user (GET /api/user, and the answer of sign-up, sign-in and account changes). E-mail
 * only ever goes to its owner. The parts other services own (coins, collection) are left out when
 * their service did not answer in time.
 */
export const User = z
  .object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    isAdmin: z.boolean(),
    /** The latest earned badge; 'Rookie' before any. */
    badge: z.string(),
    badges: z.array(Badge),
    createdAt: Timestamp,
    /** Whether the user has signed in since signing up: a brand-new account is not greeted 'Welcome back'. */
    returning: z.boolean(),
    favoriteTeamId: z.number().nullable(),
    /** An admin muted the user: notes on offers and wishes are refused, so the page disables them. */
    muted: z.boolean(),
    /** While muted: the admin's reason (null: none given) and when the mute ends (null: permanent). */
    muteReason: z.string().nullable(),
    mutedUntil: Timestamp.nullable(),
    coins: z.number().optional(),
    cardCount: z.number().optional(),
    collectionValue: z.number().optional(),
    rank: z.number().nullable().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

const email = z.email({ error: 'Please enter a valid email address' }).max(254);
const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128);

export const Credentials = z.strictObject({ email, password });
export type Credentials = z.infer<typeof Credentials>;

/**
 * Sign-in refused with 403 (a suspended account): the message ('Your account is suspended. Reason:
 * …') and, for a suspension, the address a player writes to to appeal (the gateway's APPEAL_EMAIL).
 */
export const SignInRefused = ErrorBody.extend({ appealEmail: z.string().optional() }).meta({
  id: 'SignInRefused',
});
export type SignInRefused = z.infer<typeof SignInRefused>;

export const ForgotPasswordBody = z.strictObject({ email });

export const ResetPasswordBody = z.strictObject({
  token: z.string().min(1, 'Reset token is required').max(200),
  password: z.string().min(1, 'Password is required').max(128),
});

/** The admin link proves the account too: it sets the account's password, as a reset does. */
export const VerifyAdminBody = z.strictObject({
  token: z.string().min(1, 'Verification token is required').max(200),
  password: z.string().min(1, 'Password is required').max(128),
});

export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(128),
  newPassword: z.string().min(1, 'New password is required').max(128),
});

/** Every user by username (id 0 is the market itself); never e-mails. */
export const UsernameEntry = z.object({ id: z.number(), username: z.string() }).meta({ id: 'UsernameEntry' });
export type UsernameEntry = z.infer<typeof UsernameEntry>;

export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export type VerifyAdminBody = z.infer<typeof VerifyAdminBody>;
