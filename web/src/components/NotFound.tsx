import { House } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { buttonClasses } from './ui/Button';

export function NotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <div className="relative">
        <span className="font-display text-8xl font-black text-slate-800 italic" aria-hidden>
          404
        </span>
        <span
          className="absolute inset-x-0 top-1/2 mx-auto h-0.5 w-24 -translate-y-1/2 bg-emerald-500/60"
          aria-hidden
        />
      </div>
      <div className="flex flex-col gap-2">
        <h1 className="text-xl font-bold text-slate-50">404 Page Not Found</h1>
        <p className="max-w-xs text-sm text-slate-400">
          This page is out of bounds. It may have moved, or it doesn&apos;t exist.
        </p>
      </div>
      <Link to={paths.home} className={buttonClasses('primary', 'md')}>
        <House aria-hidden className="size-4" />
        Back to Home
      </Link>
    </div>
  );
}
