import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';

/** What a non-admin sees on /admin/cashout, /admin/dashboard and /admin/matchdays (the server refuses them too). */
export function AccessDenied() {
  return (
    <Denial
      title="Access Denied"
      message="You don't have permission to access this page. This page is for admins only."
      withHomeButton
    />
  );
}

/** What a non-admin sees on /admin. */
export function AdminAccessRequired() {
  return <Denial title="Admin Access Required" message="You need admin privileges to access this page." />;
}

function Denial({
  title,
  message,
  withHomeButton = false,
}: {
  title: string;
  message: string;
  withHomeButton?: boolean;
}) {
  return (
    <>
      <Header title="Admin" showBack />
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <ShieldAlert aria-hidden className="size-12 text-rose-400" />
        <h2 className="text-xl font-bold text-slate-50">{title}</h2>
        <p className="max-w-xs text-sm text-slate-400">{message}</p>
        {withHomeButton && (
          <Link to={paths.home} className={buttonClasses('primary', 'md')}>
            Go Back Home
          </Link>
        )}
      </div>
    </>
  );
}
