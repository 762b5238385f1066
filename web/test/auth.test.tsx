import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser, mockFetch, renderApp, signedOut } from './utils';

const calledPaths = (calls: { method: string; path: string }[]) => calls.map((c) => `${c.method} ${c.path}`);

type User = ReturnType<typeof renderApp>['user'];

/** Opens the Sign Up tab and sends its form; the form is its own chunk, fetched when its tab opens. */
async function signUp(user: User, email: string, password: string, confirm = password): Promise<void> {
  await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** Opens the forgot-password view from the login form and asks for a reset link for `email`. */
async function requestReset(user: User, email: string): Promise<void> {
  await user.click(await screen.findByText('Forgot password?'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

/** Types a new password and its confirmation on a reset or admin-confirmation link, then sends them. */
async function newPassword(
  user: User,
  button: 'Set Password' | 'Confirm',
  password: string,
  confirm = password,
): Promise<void> {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('auth screen', () => {
  it('shows the Login tab by default with the starter-pack promo', async () => {
    mockFetch({ 'GET /api/user': signedOut });
    renderApp('/auth');

    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'false');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Forgot password?')).toBeInTheDocument();
    expect(screen.getByText('Sign up now and get:')).toBeInTheDocument();
    expect(screen.getByText('3 random player cards to start your collection!')).toBeInTheDocument();
    expect(screen.getAllByTestId('starter-card-placeholder')).toHaveLength(3);
  });

  it('logs in, stores the user and navigates home', async () => {
    const alice = makeUser();
    const { calls } = mockFetch({ 'GET /api/user': signedOut, 'POST /api/login': { body: alice } });
    const { user, router } = renderApp('/auth');

    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back, alice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    const login = calls.find((c) => c.path === '/api/login');
    expect(login?.body).toEqual({ email: 'alice@example.com', password: 'secret-pass' });
    expect(login?.init?.credentials).toBe('include');
    // The user came from the login response: no second session check.
    expect(calledPaths(calls).filter((c) => c === 'GET /api/user')).toHaveLength(1);
  });

  it('toasts the error when login fails, and marks the fields with it inline', async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    const { user, router } = renderApp('/auth');

    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    // Once in the toast, once under the fields, which it describes.
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(2);
    const inline = screen.getByRole('alert');
    expect(inline).toHaveTextContent('Invalid email or password');
    for (const field of [screen.getByLabelText('Email'), screen.getByLabelText('Password')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Invalid email or password');
    }
    expect(router.state.location.pathname).toBe('/auth');

    // Typing again does not clear the mark before the next try; a success would navigate away.
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a suspended account its reason and where to appeal as a mailto link, with no failure toast', async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/login': {
        status: 403,
        body: {
          message: 'Your account is suspended. Reason: Selling accounts',
          appealEmail: 'appeals@example.com',
        },
      },
    });
    const { user, router } = renderApp('/auth');

    await user.type(await screen.findByLabelText('Email'), 'banned@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const notice = await screen.findByTestId('suspended-notice');
    expect(notice).toHaveTextContent('Your account is suspended');
    expect(notice).toHaveTextContent('Reason: Selling accounts');
    const appeal = within(notice).getByRole('link', { name: 'appeals@example.com' });
    expect(appeal).toHaveAttribute(
      'href',
      `mailto:appeals@example.com?subject=${encodeURIComponent('Appeal of my suspension')}`,
    );
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('does not send a sign-up whose passwords do not match', async () => {
    const { calls, fetchMock } = mockFetch({ 'GET /api/user': signedOut });
    const { user } = renderApp('/auth');

    await signUp(user, 'bob@example.com', 'first-pass', 'other-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calledPaths(calls)).toEqual(['GET /api/user']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('registers and navigates home', async () => {
    const bob = makeUser({ id: 8, email: 'bob@example.com', username: 'bob', returning: false });
    const { calls } = mockFetch({
      'GET /api/user': signedOut,
      'POST /api/register': { status: 201, body: bob },
    });
    const { user, router } = renderApp('/auth');

    await signUp(user, 'bob@example.com', 'good-pass');

    // A brand-new account is welcomed, not welcomed back.
    expect(await screen.findByText('Welcome, bob')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Your starter pack is ready!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/register')?.body).toEqual({
      email: 'bob@example.com',
      password: 'good-pass',
    });
  });

  it('toasts the error when registration fails', async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/register': { status: 409, body: { message: 'Email already registered' } },
    });
    const { user } = renderApp('/auth');

    await signUp(user, 'bob@example.com', 'good-pass');

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it('sends a sign-up again after a timed-out answer with the same key, and another sign-up with a new one', async () => {
    const bob = makeUser({ id: 8, email: 'bob@example.com', username: 'bob', returning: false });
    const answers = [
      { status: 504, body: { message: 'A service took too long to answer. Please try again.' } },
      { status: 504, body: { message: 'A service took too long to answer. Please try again.' } },
      { status: 201, body: bob },
    ];
    const { calls } = mockFetch({ 'GET /api/user': signedOut, 'POST /api/register': () => answers.shift()! });
    const { user, router } = renderApp('/auth');
    const keys = () =>
      calls
        .filter((c) => c.path === '/api/register')
        .map((c) => (c.init?.headers as Record<string, string>)['Idempotency-Key']);

    await signUp(user, 'bob@example.com', 'good-pass');
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);

    // Another password is another sign-up.
    await user.type(screen.getByLabelText('Password'), '-2');
    await user.type(screen.getByLabelText('Confirm Password'), '-2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Welcome, bob')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('requires an e-mail before requesting a reset', async () => {
    const { calls } = mockFetch({ 'GET /api/user': signedOut });
    const { user } = renderApp('/auth');

    await user.click(await screen.findByText('Forgot password?'));
    // The forgot-password view is its own chunk: it arrives after the click.
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(calledPaths(calls)).toEqual(['GET /api/user']);
  });

  it('confirms a sent reset link', async () => {
    const message = 'If an account exists for that address, we sent a link to reset the password.';
    const { calls } = mockFetch({
      'GET /api/user': signedOut,
      'POST /api/forgot-password': { body: { success: true, message } },
    });
    const { user } = renderApp('/auth');

    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByText('Forgot password?'));
    // The e-mail typed on the login form is carried over.
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(await screen.findByText('Password Reset')).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(calls.find((c) => c.path === '/api/forgot-password')?.body).toEqual({
      email: 'alice@example.com',
    });

    await user.click(screen.getByText('Back to login'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("toasts 'Password Reset Failed' when the server refuses the reset", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/forgot-password': { body: { success: false, message: 'Too many reset requests' } },
    });
    const { user } = renderApp('/auth');

    await requestReset(user, 'alice@example.com');

    expect(await screen.findByText('Password Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many reset requests')).toBeInTheDocument();
    expect(screen.queryByText('Check your e-mail')).not.toBeInTheDocument();
  });

  it("toasts 'Error' when the reset request throws", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/forgot-password': { status: 500, body: { message: 'boom' } },
    });
    const { user } = renderApp('/auth');

    await requestReset(user, 'alice@example.com');

    expect(await screen.findByText('An error occurred during password reset')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('redirects a signed-in user from /auth to /', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    const { router } = renderApp('/auth');

    expect(await screen.findByText('Welcome back, alice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('set a new password (/auth?reset=token)', () => {
  it('checks that both passwords match', async () => {
    const { calls } = mockFetch({ 'GET /api/user': signedOut });
    const { user } = renderApp('/auth?reset=tok123');

    expect(await screen.findByText('Set a new password')).toBeInTheDocument();
    await newPassword(user, 'Set Password', 'new-pass-1', 'new-pass-2');

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/reset-password')).toBe(false);
  });

  it('sets the password and returns to the Login tab', async () => {
    const { calls } = mockFetch({
      'GET /api/user': signedOut,
      'POST /api/reset-password': { body: { success: true, message: 'Your password has been updated.' } },
    });
    const { user, router } = renderApp('/auth?reset=tok123');

    await newPassword(user, 'Set Password', 'new-pass-1');

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/reset-password')?.body).toEqual({
      token: 'tok123',
      password: 'new-pass-1',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it("toasts 'Password Reset Failed' with the server message", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/reset-password': { status: 400, body: { message: 'This link has expired' } },
    });
    const { user, router } = renderApp('/auth?reset=old');

    await newPassword(user, 'Set Password', 'new-pass-1');

    expect(await screen.findByText('Password Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('This link has expired')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?reset=old');
  });

  it('is shown to a signed-in user too', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    const { router } = renderApp('/auth?reset=tok123');

    const form = (await screen.findByText('Set a new password')).closest('div');
    expect(form).not.toBeNull();
    expect(within(document.body).getByRole('button', { name: 'Set Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('confirm an admin address (/auth?verify-admin=token)', () => {
  const CONFIRMED =
    'Your address is confirmed and your new password is set: sign in with it to use your admin rights.';

  it('asks for a new password and posts it with the token only on Confirm, then returns to the Login tab', async () => {
    const { calls } = mockFetch({
      'GET /api/user': signedOut,
      'POST /api/verify-admin': { body: { success: true, message: CONFIRMED } },
    });
    const { user, router } = renderApp('/auth?verify-admin=adm123');

    expect(await screen.findByText('Confirm your admin address')).toBeInTheDocument();
    // Opening the link (a mail scanner does) changes nothing.
    expect(calls.some((c) => c.path === '/api/verify-admin')).toBe(false);
    await newPassword(user, 'Confirm', 'owner-pass-1');

    expect(await screen.findByText('Admin address confirmed')).toBeInTheDocument();
    expect(screen.getByText(CONFIRMED)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/verify-admin')?.body).toEqual({
      token: 'adm123',
      password: 'owner-pass-1',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('checks that both passwords match before sending anything', async () => {
    const { calls } = mockFetch({ 'GET /api/user': signedOut });
    const { user } = renderApp('/auth?verify-admin=adm123');

    await newPassword(user, 'Confirm', 'owner-pass-1', 'owner-pass-2');

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/verify-admin')).toBe(false);
  });

  it("toasts 'Confirmation failed' with the server message and keeps the link", async () => {
    mockFetch({
      'GET /api/user': signedOut,
      'POST /api/verify-admin': {
        status: 400,
        body: { message: 'Password must be at least 8 characters' },
      },
    });
    const { user, router } = renderApp('/auth?verify-admin=old');
    await newPassword(user, 'Confirm', 'long-enough-1');
    expect(await screen.findByText('Confirmation failed')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?verify-admin=old');
  });

  it('states the length rule before sending and refuses a short password without asking', async () => {
    const { calls } = mockFetch({ 'GET /api/user': signedOut });
    const { user } = renderApp('/auth?verify-admin=old');
    const field = await screen.findByLabelText('New Password');
    expect(field).toHaveAccessibleDescription('At least 8 characters.');
    await newPassword(user, 'Confirm', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/verify-admin')).toBe(false);
  });
});
