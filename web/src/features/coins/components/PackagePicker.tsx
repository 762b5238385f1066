import { Sparkles } from 'lucide-react';

import { CoinAmount } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';

import type { CoinPackage } from '@touchline/contract';
import { formatUsd, withinLimit } from '@/lib/coins';

export interface PackagePickerProps {
  packages: readonly CoinPackage[];
  selectedId: string | undefined;
  onSelect: (pkg: CoinPackage) => void;
  disabled?: boolean;
  /** Dollars left of the monthly spending limit; null without a limit. Dearer packages are not selectable. */
  remaining?: number | null;
}

/**
 * The coin packages as a radio group: name, coins, price and description; the popular one is tagged.
 * A package above what is left of the spending limit is marked and cannot be chosen.
 */
export function PackagePicker({
  packages,
  selectedId,
  onSelect,
  disabled = false,
  remaining = null,
}: PackagePickerProps) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
        Choose a coin package
      </legend>
      {packages.map((pkg) => {
        const selected = pkg.id === selectedId;
        const blocked = !withinLimit(pkg, remaining);
        return (
          <label
            key={pkg.id}
            data-testid={`package-${pkg.id}`}
            data-blocked={blocked || undefined}
            className={cn(
              'relative flex items-center gap-3 rounded-2xl border p-3.5 transition-colors',
              blocked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-400',
              selected
                ? 'border-emerald-400/70 bg-emerald-500/10 shadow-lg shadow-emerald-500/10'
                : 'border-white/5 bg-slate-900/70 hover:border-white/15',
            )}
          >
            <input
              type="radio"
              name="coin-package"
              value={pkg.id}
              checked={selected}
              disabled={blocked}
              onChange={() => onSelect(pkg)}
              className="sr-only"
            />
            <span
              aria-hidden
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors',
                selected ? 'border-emerald-400' : 'border-slate-600',
              )}
            >
              {selected && <span className="size-2.5 rounded-full bg-emerald-400" />}
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex items-center gap-2">
                <span className="truncate text-sm font-bold text-slate-50">{pkg.name}</span>
                {pkg.isPopular && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-[10px] font-bold tracking-wide text-amber-300 uppercase">
                    <Sparkles aria-hidden className="size-3" />
                    Popular
                  </span>
                )}
              </span>
              <span className="flex items-center gap-1.5">
                <CoinAmount value={pkg.coins} className="text-base" iconClassName="size-4" />
                <span className="text-xs font-medium text-slate-400">coins</span>
              </span>
              {pkg.description && <span className="text-xs text-slate-400">{pkg.description}</span>}
              {blocked && (
                <span className="text-xs font-semibold text-amber-200">
                  Above your remaining spending limit
                </span>
              )}
            </span>
            <span className="shrink-0 font-display text-2xl font-bold text-slate-50">
              {formatUsd(pkg.amount)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
