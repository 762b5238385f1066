import { LogoMark } from '@/components/Logo';
import { cn } from '@/lib/cn';

import type { PlayerImageKind } from '@/lib/cards';

interface Figure {
  head: [number, number];
  /** Polylines drawn as thick rounded strokes: torso first, then limbs. */
  lines: [number, number][][];
  /** Ball and gloves. */
  dots: [number, number, number][];
}

/** Pictogram poses: striker shooting, midfielder on the ball, defender sliding in, keeper stretching. */
const FIGURES: Record<Exclude<PlayerImageKind, 'logo'>, Figure> = {
  forward: {
    head: [54, 17],
    lines: [
      [
        [52, 28],
        [46, 52],
      ],
      [
        [51, 32],
        [38, 40],
        [28, 34],
      ],
      [
        [51, 32],
        [64, 38],
        [74, 32],
      ],
      [
        [46, 52],
        [42, 70],
        [34, 88],
      ],
      [
        [46, 52],
        [62, 62],
        [78, 58],
      ],
    ],
    dots: [[88, 64, 6]],
  },
  midfielder: {
    head: [50, 16],
    lines: [
      [
        [50, 27],
        [45, 51],
      ],
      [
        [49, 31],
        [37, 41],
        [32, 51],
      ],
      [
        [49, 31],
        [61, 39],
        [70, 33],
      ],
      [
        [45, 51],
        [58, 64],
        [57, 84],
      ],
      [
        [45, 51],
        [36, 67],
        [22, 74],
      ],
    ],
    dots: [[68, 87, 6]],
  },
  defender: {
    head: [24, 40],
    lines: [
      [
        [30, 48],
        [50, 64],
      ],
      [
        [32, 51],
        [22, 64],
        [16, 74],
      ],
      [
        [32, 51],
        [42, 40],
        [48, 30],
      ],
      [
        [50, 64],
        [70, 70],
        [88, 70],
      ],
      [
        [50, 64],
        [62, 80],
        [74, 86],
      ],
    ],
    dots: [[90, 58, 6]],
  },
  goalkeeper: {
    head: [50, 22],
    lines: [
      [
        [50, 33],
        [50, 58],
      ],
      [
        [50, 36],
        [37, 25],
        [29, 12],
      ],
      [
        [50, 36],
        [63, 25],
        [71, 12],
      ],
      [
        [50, 58],
        [40, 74],
        [36, 92],
      ],
      [
        [50, 58],
        [60, 74],
        [64, 92],
      ],
    ],
    dots: [
      [28, 9, 5.5],
      [72, 9, 5.5],
    ],
  },
};

const toPoints = (line: [number, number][]) => line.map(([x, y]) => `${x},${y}`).join(' ');

export interface PositionSilhouetteProps {
  kind: PlayerImageKind;
  className?: string;
}

/** The default player image for a position (game spec image fallback); the product logo for 'logo'. */
export function PositionSilhouette({ kind, className }: PositionSilhouetteProps) {
  if (kind === 'logo') {
    return (
      <span data-image-kind="logo" className={cn('flex items-center justify-center', className)}>
        <LogoMark className="size-1/2 opacity-90" />
      </span>
    );
  }
  const figure = FIGURES[kind];
  return (
    <svg
      viewBox="0 0 100 100"
      aria-hidden
      data-image-kind={kind}
      className={cn('overflow-visible', className)}
    >
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round">
        {figure.lines.map((line, index) => (
          <polyline key={index} points={toPoints(line)} strokeWidth={index === 0 ? 11 : 7.5} />
        ))}
      </g>
      <circle cx={figure.head[0]} cy={figure.head[1]} r="8.5" fill="currentColor" />
      {figure.dots.map(([cx, cy, r], index) => (
        <circle key={index} cx={cx} cy={cy} r={r} fill="currentColor" opacity="0.92" />
      ))}
    </svg>
  );
}
