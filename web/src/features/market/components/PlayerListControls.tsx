import { Chips } from '@/components/ui/Chips';
import { Select } from '@/components/ui/Select';
import { POSITION_FILTERS, type PositionFilter } from '@/lib/positions';
import { formatNumber } from '@/lib/format';

/** The count of a player list: '1 player', '1,234 players'. */
export function playerCountText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'player' : 'players'}`;
}

/** The position chips above a player list. */
export function PositionChips({
  value,
  onChange,
}: {
  value: PositionFilter;
  onChange: (next: PositionFilter) => void;
}) {
  return <Chips label="Filter by position" options={POSITION_FILTERS} value={value} onChange={onChange} />;
}

/** The sort select of a player list. */
export function PlayerSortSelect<K extends string>({
  options,
  value,
  onChange,
  className,
}: {
  options: readonly { value: K; label: string }[];
  value: K;
  onChange: (next: K) => void;
  className?: string;
}) {
  return (
    <Select
      aria-label="Sort players"
      className={className}
      value={value}
      onChange={(event) => onChange(event.target.value as K)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
