import { Coins } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Input, Label } from '@/components/ui/Input';
import { cn } from '@/lib/cn';

export interface CoinFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Text under the field (fee notes, limits). */
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
}

/** A labelled whole-coins input with a coin icon and an optional hint below. */
export function CoinField({
  label,
  value,
  onChange,
  hint,
  placeholder = '0',
  disabled = false,
  invalid = false,
  className,
}: CoinFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Coins
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-amber-300"
        />
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="pl-10 font-semibold tabular-nums"
        />
      </div>
      {hint && (
        <div id={hintId} className="text-xs text-slate-400">
          {hint}
        </div>
      )}
    </div>
  );
}
