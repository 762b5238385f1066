import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api, type Credentials, type User } from '@touchline/contract';

import { ApiError, call, newIdempotencyKey } from '@/lib/api';

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** The signed-in user, or null when the session is missing or expired (401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await call(api.user.get, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const login = (body: Credentials) => call(api.auth.login, { body });
/**
 * With the caller's key (registrationKey): a sign-up the gateway shed is sent again (lib/shedding.ts),
 * and one sent again by hand after a timed-out answer, whose account was made meanwhile, signs into
 * that account instead of finding the address taken.
 */
export const register = ({ idempotencyKey, ...body }: Credentials & { idempotencyKey: string }) =>
  call(api.auth.register, { body, idempotencyKey });

/**
 * The key of a sign-up of these credentials: the same while the player submits the same e-mail and
 * password again (the same sign-up), a new one once either changes (another sign-up).
 */
export function registrationKey(
  last: { email: string; password: string; key: string } | undefined,
  credentials: Credentials,
): { email: string; password: string; key: string } {
  if (last && last.email === credentials.email && last.password === credentials.password) return last;
  return { ...credentials, key: newIdempotencyKey() };
}
export const logout = () => call(api.auth.logout);
export const requestPasswordReset = (body: { email: string }) => call(api.auth.forgotPassword, { body });
export const resetPassword = (body: { token: string; password: string }) =>
  call(api.auth.resetPassword, { body });
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  call(api.user.changePassword, { body });
/**
 * Confirms an ADMIN_EMAILS address with the token of its e-mailed link (`/auth?verify-admin=<token>`),
 * setting the account's new password; every session of the account ends.
 */
export const confirmAdminEmail = (body: { token: string; password: string }) =>
  call(api.auth.verifyAdmin, { body });

// ---------------------------------------------------------------------------------------------------------
// Session hooks
// ---------------------------------------------------------------------------------------------------------

export const userQueryKey = ['user'] as const;

const userQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
});

/** Session state: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQuery);
}

/**
 * Asks for the session as the app starts, beside the first screen's chunks, rather than once the
 * guard's chunk has arrived and rendered: the first screen waits on both.
 */
export function startSessionCheck(queryClient: QueryClient): Promise<User | null> {
  return queryClient.fetchQuery(userQuery).catch(() => null);
}

/**
 * Stores the session user and drops every other cached query, so nothing from a previous session
 * leaks into the next one.
 */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
  queryClient.setQueryData<User | null>(userQueryKey, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useConfirmAdminEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAdminEmail,
    // The account's sessions ended (this one too, if it was that account's): read the user again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
