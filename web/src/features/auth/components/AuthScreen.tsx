import { lazy, Suspense, useState } from 'react';

import { Card, CardContent } from '@/components/ui/Card';
import { LightTabs } from '@/components/ui/LightTabs';

import { LoginForm } from './LoginForm';
import { StarterPackPromo } from './StarterPackPromo';

type AuthTab = 'login' | 'signup';

/** Fetched when asked for ('Forgot password?'), not with the sign-in screen. */
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

/**
 * Fetched when the Sign Up tab opens: the sign-in screen, the first screen of a new visitor, stays
 * within its script budget without the sign-up form, its password pair and the moments it announces.
 */
const SignUpForm = lazy(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })));

/**
 * Login (default) and Sign Up tabs; the Login tab also hosts the forgot-password view. Light tabs,
 * not Radix's: this is the first screen of a new visitor.
 */
export function AuthScreen() {
  const [tab, setTab] = useState<AuthTab>('login');
  const [forgotPassword, setForgotPassword] = useState(false);
  const [email, setEmail] = useState('');

  return (
    <>
      <Card>
        <CardContent className="p-5">
          <LightTabs
            label="Account"
            value={tab}
            onValueChange={(value) => {
              setTab(value);
              setForgotPassword(false);
            }}
            panelClassName="mt-6"
            tabs={[
              {
                value: 'login',
                label: 'Login',
                content: forgotPassword ? (
                  <Suspense fallback={null}>
                    <ForgotPasswordForm defaultEmail={email} onBack={() => setForgotPassword(false)} />
                  </Suspense>
                ) : (
                  <LoginForm
                    email={email}
                    onEmailChange={setEmail}
                    onForgotPassword={() => setForgotPassword(true)}
                  />
                ),
              },
              {
                value: 'signup',
                label: 'Sign Up',
                content: (
                  <Suspense fallback={null}>
                    <SignUpForm email={email} onEmailChange={setEmail} />
                  </Suspense>
                ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <StarterPackPromo />
    </>
  );
}
