import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { FullScreenSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';

import { useUser } from '@/lib/data/auth';
import { AuthLayout } from '../components/AuthLayout';
import { AuthScreen } from '../components/AuthScreen';

// The views of the e-mailed links are their own chunks: the sign-in screen, the first screen of a
// new visitor, does not carry them.
const SetNewPasswordForm = lazy(() =>
  import('../components/SetNewPasswordForm').then((m) => ({ default: m.SetNewPasswordForm })),
);
const ConfirmAdminEmail = lazy(() =>
  import('../components/ConfirmAdminEmail').then((m) => ({ default: m.ConfirmAdminEmail })),
);

/**
 * /auth. With `?reset=<token>` (the e-mailed link) it shows the set-new-password view, signed in or not;
 * with `?verify-admin=<token>` the admin address confirmation.
 * Otherwise a signed-in user is sent to /.
 */
export function AuthRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: user, isPending } = useUser();
  const resetToken = searchParams.get('reset');
  const adminToken = searchParams.get('verify-admin');

  if (resetToken) {
    return (
      <AuthLayout>
        <Suspense fallback={null}>
          <SetNewPasswordForm token={resetToken} onDone={() => setSearchParams({}, { replace: true })} />
        </Suspense>
      </AuthLayout>
    );
  }

  if (adminToken) {
    return (
      <AuthLayout>
        <Suspense fallback={null}>
          <ConfirmAdminEmail token={adminToken} onDone={() => setSearchParams({}, { replace: true })} />
        </Suspense>
      </AuthLayout>
    );
  }

  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to={paths.home} replace />;

  return (
    <AuthLayout>
      <AuthScreen />
    </AuthLayout>
  );
}
