import { useId, useMemo } from 'react';

import { cn } from '@/lib/cn';

import { inkOn, type Kit, type KitPattern } from './team-style';
import type { HairStyle, PlayerArt } from './player-art';
import { BODY, joints, type Point } from './skeleton';

/** The figure's own colours: a shaded silhouette in the team's kit, outlined to stand off any backdrop. */
const INK = '#252c3d';
const HAIR = '#0b0f19';
const OUTLINE = 'rgb(248 250 252 / 0.92)';
/** Extra width of the outline pass over each stroke. */
const HALO = 3;

const W = { upperArm: 5.2, forearm: 4.6, thigh: 7.2, shorts: 9, shin: 5.8, boot: 4.4, neck: 4.4 };

/** The point a fraction `t` of the way from `a` to `b`. */
const along = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const pts = (...points: Point[]) => points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/** The shirt in the torso's own frame: hip at the origin, neck at (0, -torso). */
const TORSO_PATH = 'M-6 2 6 2 7.6-20.5Q7.4-24 3.2-24.6H-3.2Q-7.4-24-7.6-20.5Z';

/** The pattern's shapes in the torso's frame (path data), in the trim colour. */
const PATTERNS: Record<KitPattern, string | null> = {
  plain: null,
  stripes: 'M-6.5-26h3v30h-3ZM-1.5-26h3v30h-3ZM3.5-26h3v30h-3Z',
  hoops: 'M-9-21h18v3.6H-9ZM-9-13.5h18v3.6H-9ZM-9-6h18v3.6H-9Z',
  sash: 'M-9-21-4-26 9 0 4 4Z',
  halves: 'M-9-26H0V4H-9Z',
  pinstripes: 'M-6.3-26h.7v30h-.7ZM-3.5-26h.7v30h-.7ZM-.7-26h.7v30h-.7ZM2.1-26h.7v30h-.7ZM4.9-26h.7v30h-.7Z',
  chevron: 'M-9-22 0-13.5 9-22V-17.5L0-9-9-17.5Z',
  'centre-stripe': 'M-2.3-26h4.6v30h-4.6Z',
  yoke: 'M-9-27H9v8.5H-9Z',
  quarters: 'M-9-27H0v15H-9ZM0-12h9v16H0Z',
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (value: string | number) => String(value).replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** One SVG element as markup; attributes left undefined are left out. */
function el(tag: string, attrs: Record<string, string | number | undefined>, children = ''): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attrs))
    if (value !== undefined) open += ` ${name}="${escape(value)}"`;
  return `${open}>${children}</${tag}>`;
}

const path = (d: string, attrs: Record<string, string | number | undefined> = {}) =>
  el('path', { d, ...attrs });

/** Hair in the head's frame (radius 6.5, up is -y, facing +x); the headband is in the trim colour. */
function hair(style: HairStyle, trim: string): string {
  const crop = path('M-6.9 1A6.9 6.9 0 0 1 6.6-2Q1-3.6-6.9 1Z');
  switch (style) {
    case 'crop':
      return crop;
    case 'buzz':
      return path('M-6.7-1A6.7 6.7 0 0 1 6.1-3Q0-4.8-6.7-1Z');
    case 'afro':
      return el('circle', { cx: '-.8', cy: '-2.4', r: '8.3' });
    case 'bun':
      return crop + el('circle', { cx: '-5.6', cy: '-5.6', r: '2.7' });
    case 'mohawk':
      return path('M-5-4.3Q-1-11 4.2-6.6L3-5Q-1-7.6-4.5-2.8Z');
    case 'long':
      return crop + path('M-6.8 0Q-8.8 6-5.2 9.4L-3.2 6.2Q-5.2 3-4.4 0Z');
    case 'curls':
      return path(
        'M-7.6-3a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0M-4.6-6a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0M-.4-6.2a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0M2.4-3.5a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0',
      );
    case 'band':
      return crop + path('M-6.6-1.6 6.5-2.8', { stroke: trim, 'stroke-width': '1.7' });
    case 'bald':
      return '';
  }
}

interface Segment {
  points: Point[];
  width: number;
  color: string;
}

/** The strokes of one arm: sleeve, bare arm (or a keeper's long sleeve), then the hand or glove. */
function armSegments([shoulder, elbow, hand]: Point[], kit: Kit, keeper: boolean): Segment[] {
  if (keeper) {
    return [
      { points: [shoulder!, elbow!], width: W.upperArm + 0.6, color: kit.shirt },
      { points: [elbow!, hand!], width: W.forearm + 0.4, color: kit.shirt },
      { points: [hand!, hand!], width: 5.6, color: '#e2e8f0' },
    ];
  }
  const cuff = along(shoulder!, elbow!, 0.55);
  return [
    { points: [shoulder!, elbow!, hand!], width: W.forearm, color: INK },
    { points: [shoulder!, cuff], width: W.upperArm + 0.8, color: kit.shirt },
    { points: [cuff, along(shoulder!, elbow!, 0.6)], width: W.upperArm + 0.8, color: kit.trim },
  ];
}

/** The strokes of one leg: shorts, bare knee, sock, boot. */
function legSegments([hip, knee, ankle, toe]: Point[], kit: Kit, boots: string): Segment[] {
  return [
    { points: [hip!, knee!], width: W.thigh, color: INK },
    { points: [hip!, along(hip!, knee!, 0.5)], width: W.shorts, color: kit.shorts },
    { points: [along(knee!, ankle!, 0.22), ankle!], width: W.shin, color: kit.socks },
    { points: [knee!, along(knee!, ankle!, 0.2)], width: W.shin, color: INK },
    { points: [ankle!, toe!], width: W.boot, color: boots },
  ];
}

const strokes = (segments: Segment[], halo = false) =>
  segments
    .map((s) =>
      el('polyline', {
        points: pts(...s.points),
        stroke: halo ? OUTLINE : s.color,
        'stroke-width': halo ? s.width + HALO : s.width,
      }),
    )
    .join('');

/**
 * The figure's drawing (everything inside its <svg>) as markup: the pose's skeleton dressed in the
 * team's kit, outlined in white.
 */
export function figureMarkup(art: PlayerArt, clipId: string): string {
  const { pose, kit } = art;
  const j = joints(pose);
  const keeper = art.group === 'goalkeeper';
  const torsoFrame = `translate(${pose.hip[0]} ${pose.hip[1]}) rotate(${180 - pose.torso})`;
  const headFrame = `translate(${j.head[0]} ${j.head[1]}) rotate(${180 - pose.head})`;

  const far = [...armSegments(j.farArm, kit, keeper), ...legSegments(j.farLeg, kit, art.boots)];
  const near = [...legSegments(j.nearLeg, kit, art.boots), ...armSegments(j.nearArm, kit, keeper)];
  const neck: Segment = { points: [j.neck, along(j.neck, j.head, 0.5)], width: W.neck, color: INK };
  // The shorts' waist, joining the two legs under the shirt's hem.
  const waist: Segment = { points: [j.farLeg[0], j.nearLeg[0]], width: W.shorts, color: kit.shorts };
  const ball = pose.ball
    ? el(
        'g',
        {},
        el('circle', {
          cx: pose.ball[0],
          cy: pose.ball[1],
          r: '4.6',
          fill: '#f8fafc',
          stroke: INK,
          'stroke-width': '0.8',
        }) +
          path(`M${pose.ball[0]} ${pose.ball[1] - 1.8}l1.7 1.2-.6 2h-2.2l-.6-2Z`, {
            fill: INK,
            stroke: 'none',
          }),
      )
    : '';
  const pattern = PATTERNS[kit.pattern];
  const plainShirt = kit.pattern === 'plain' || kit.pattern === 'yoke';

  // The white outline: every part drawn wider, under the figure.
  const outline = el(
    'g',
    {},
    strokes([...far, ...near, neck, waist], true) +
      path(TORSO_PATH, { transform: torsoFrame, fill: OUTLINE, stroke: OUTLINE, 'stroke-width': HALO + 1 }) +
      el('circle', { cx: j.head[0], cy: j.head[1], r: BODY.headRadius + HALO / 2, fill: OUTLINE }) +
      (art.hair === 'afro'
        ? el(
            'g',
            { transform: headFrame, fill: OUTLINE },
            el('circle', { cx: '-.8', cy: '-2.4', r: 8.3 + HALO / 2 }),
          )
        : ''),
  );
  const torso = el(
    'g',
    { transform: torsoFrame },
    path(TORSO_PATH, { fill: kit.shirt, stroke: kit.shirt, 'stroke-width': '1' }) +
      el('g', { 'clip-path': `url(#${clipId})`, fill: kit.trim }, pattern ? path(pattern) : '') +
      path('M-2.8-24.4 0-21.2 2.8-24.4', { stroke: kit.trim, 'stroke-width': '1.3' }) +
      el(
        'text',
        {
          x: '2.6',
          y: '-11',
          transform: art.mirrored ? 'matrix(-1 0 0 1 5.2 0)' : undefined,
          'text-anchor': 'middle',
          'font-size': '6.2',
          'font-weight': '800',
          'font-family': "'Barlow Condensed', 'Arial Narrow', sans-serif",
          fill: inkOn(plainShirt ? kit.shirt : kit.trim),
          stroke: plainShirt ? 'none' : kit.shirt,
          'stroke-width': '0.5',
          'paint-order': 'stroke',
        },
        escape(art.number),
      ),
  );
  const head = el(
    'g',
    { transform: headFrame, fill: HAIR },
    (art.hair === 'afro' ? hair('afro', kit.trim) : '') +
      el('circle', { r: BODY.headRadius, fill: INK }) +
      (art.hair !== 'afro' ? hair(art.hair, kit.trim) : ''),
  );
  // Far limbs, a shade darker: they are behind the body.
  const figure =
    outline +
    strokes(far) +
    strokes(far.map((s) => ({ ...s, color: 'rgb(0 0 0 / 0.28)' }))) +
    strokes([neck, waist]) +
    torso +
    strokes(near) +
    head +
    ball;
  return (
    el('defs', {}, el('clipPath', { id: clipId }, path(TORSO_PATH))) +
    el(
      'g',
      {
        transform: art.mirrored ? 'matrix(-1 0 0 1 100 0)' : undefined,
        fill: 'none',
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      },
      figure,
    )
  );
}

export interface PlayerFigureProps {
  art: PlayerArt;
  className?: string;
}

/**
 * The player drawn from their art parameters (figureMarkup). The drawing's 40-60 elements go in as
 * one string: as elements, each cost React a fiber and the DOM calls to make it, and home draws up to
 * twelve figures in its first frame (docs/performance.md, issue 43 item 16).
 */
export function PlayerFigure({ art, className }: PlayerFigureProps) {
  const clipId = useId();
  const markup = useMemo(() => figureMarkup(art, clipId), [art, clipId]);
  return (
    <svg
      viewBox="0 0 100 100"
      aria-hidden
      data-image-kind={art.group}
      data-pose={art.pose.key}
      className={cn('overflow-visible', className)}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
