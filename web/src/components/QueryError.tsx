import { RotateCcw } from 'lucide-react';

import { errorMessage } from '@/lib/api';

import { Alert } from './ui/Alert';
import { Button } from './ui/Button';

export interface QueryErrorProps {
  error: unknown;
  /** Shows a 'Try again' button. */
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** Inline error of a failed load: the error text, and a retry when given. */
export function QueryError({ error, onRetry, retrying = false, className }: QueryErrorProps) {
  return (
    <div className={className}>
      <Alert>{errorMessage(error)}</Alert>
      {onRetry && (
        <Button variant="ghost" size="sm" className="mt-2" loading={retrying} onClick={onRetry}>
          {!retrying && <RotateCcw aria-hidden className="size-3.5" />}
          Try again
        </Button>
      )}
    </div>
  );
}
