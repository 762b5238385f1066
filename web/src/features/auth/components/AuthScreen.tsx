import { useState } from 'react';

import { Card, CardContent } from '@/components/ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';

import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { SignUpForm } from './SignUpForm';
import { StarterPackPromo } from './StarterPackPromo';

type AuthTab = 'login' | 'signup';

function isAuthTab(value: string): value is AuthTab {
  return value === 'login' || value === 'signup';
}

/** Login (default) and Sign Up tabs; the Login tab also hosts the forgot-password view. */
export function AuthScreen() {
  const [tab, setTab] = useState<AuthTab>('login');
  const [forgotPassword, setForgotPassword] = useState(false);
  const [email, setEmail] = useState('');

  return (
    <>
      <Card>
        <CardContent className="p-5">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              if (!isAuthTab(value)) return;
              setTab(value);
              setForgotPassword(false);
            }}
          >
            <TabsList aria-label="Account">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="mt-6">
              {forgotPassword ? (
                <ForgotPasswordForm defaultEmail={email} onBack={() => setForgotPassword(false)} />
              ) : (
                <LoginForm
                  email={email}
                  onEmailChange={setEmail}
                  onForgotPassword={() => setForgotPassword(true)}
                />
              )}
            </TabsContent>
            <TabsContent value="signup" className="mt-6">
              <SignUpForm email={email} onEmailChange={setEmail} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <StarterPackPromo />
    </>
  );
}
