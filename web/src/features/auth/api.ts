import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api, ApiError } from '@/lib/api';

// ---------------------------------------------------------------------------------------------------------
// Types (gateway contract)
// ---------------------------------------------------------------------------------------------------------

export interface Badge {
  name: string;
  description: string;
  icon: string;
  earnedAt: string | null;
}

/** GET /api/user, and the body of a successful login or registration. */
export interface User {
  id: number;
  email: string;
  username: string;
  coins?: number;
  isAdmin: boolean;
  /** Current badge label; shown as 'Rookie' when empty. */
  badge: string;
  badges: Badge[];
  rank?: number | null;
  cardCount?: number;
  collectionValue?: number;
  createdAt: string;
  favoriteTeamId: number | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export type LoginRequest = Credentials;
export type RegisterRequest = Credentials;

export interface LogoutResponse {
  success: boolean;
}

export interface ForgotPasswordRequest {
  email: string;
}

/** Result of a password operation: the server always answers with a message to show. */
export interface PasswordResult {
  success: boolean;
  message: string;
}

export type ForgotPasswordResponse = PasswordResult;

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export type ResetPasswordResponse = PasswordResult;

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export type ChangePasswordResponse = PasswordResult;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** The signed-in user, or null when the session is missing or expired (401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>('/api/user', signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const login = (body: LoginRequest) => api.post<User>('/api/login', body);
export const register = (body: RegisterRequest) => api.post<User>('/api/register', body);
export const logout = () => api.post<LogoutResponse>('/api/logout');
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api.post<ForgotPasswordResponse>('/api/forgot-password', body);
export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<ResetPasswordResponse>('/api/reset-password', body);
export const changePassword = (body: ChangePasswordRequest) =>
  api.post<ChangePasswordResponse>('/api/user/change-password', body);

// ---------------------------------------------------------------------------------------------------------
// Session hooks
// ---------------------------------------------------------------------------------------------------------

export const userQueryKey = ['user'] as const;

/** Session state: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
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

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
