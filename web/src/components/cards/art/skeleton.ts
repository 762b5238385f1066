/**
 * A pose as a few angles, and the joints it puts on the figure's 100×100 canvas. Every angle is
 * absolute, in degrees, in one convention: 0 points straight down, 90 to the right (+x), 180 up,
 * -90 to the left. Poses are authored facing right; the card mirrors some of them.
 */
export type Point = readonly [number, number];

/** [upper, lower] for an arm; [thigh, shin, foot] for a leg. */
export type Limb = readonly [number, number, number?];

export interface Pose {
  /** The hip centre on the canvas. */
  hip: Point;
  /** Direction from the hip to the neck (180 = upright, 160 = leaning forward). */
  torso: number;
  /** Direction from the neck to the head's centre. */
  head: number;
  /** The near arm and leg are drawn over the body, the far ones behind it. */
  nearArm: Limb;
  farArm: Limb;
  nearLeg: Limb;
  farLeg: Limb;
  /** Where the ball is, if it is in the picture. */
  ball?: Point;
}

/** Lengths of the figure's segments, in canvas units. */
export const BODY = {
  torso: 24,
  neck: 3,
  headRadius: 6.5,
  upperArm: 12.5,
  forearm: 12,
  thigh: 17,
  shin: 17,
  foot: 6,
} as const;

export interface Joints {
  hip: Point;
  neck: Point;
  head: Point;
  /** Shoulder, elbow, hand. */
  nearArm: [Point, Point, Point];
  farArm: [Point, Point, Point];
  /** Hip joint, knee, ankle, toe. */
  nearLeg: [Point, Point, Point, Point];
  farLeg: [Point, Point, Point, Point];
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const round = (value: number) => Math.round(value * 10) / 10;

/** The point `length` away from `from` in direction `angle`. */
export function step(from: Point, angle: number, length: number): Point {
  return [round(from[0] + Math.sin(rad(angle)) * length), round(from[1] + Math.cos(rad(angle)) * length)];
}

function arm(shoulder: Point, [upper, lower]: Limb): [Point, Point, Point] {
  const elbow = step(shoulder, upper, BODY.upperArm);
  return [shoulder, elbow, step(elbow, lower, BODY.forearm)];
}

function leg(hip: Point, [thigh, shin, foot]: Limb): [Point, Point, Point, Point] {
  const knee = step(hip, thigh, BODY.thigh);
  const ankle = step(knee, shin, BODY.shin);
  // A foot on the ground points forward; a kicking foot follows its shin unless the pose says.
  return [hip, knee, ankle, step(ankle, foot ?? shin + 90, BODY.foot)];
}

/** Forward kinematics: where each joint of a pose lands. */
export function joints(pose: Pose): Joints {
  const neck = step(pose.hip, pose.torso, BODY.torso);
  // Shoulders sit a little below the neck, spread a little across the torso (a three-quarter view).
  const shoulder = step(pose.hip, pose.torso, BODY.torso - 2.5);
  return {
    hip: pose.hip,
    neck,
    head: step(neck, pose.head, BODY.neck + BODY.headRadius),
    nearArm: arm(step(shoulder, pose.torso - 90, 2), pose.nearArm),
    farArm: arm(step(shoulder, pose.torso + 90, 2), pose.farArm),
    nearLeg: leg(step(pose.hip, pose.torso - 90, 1.5), pose.nearLeg),
    farLeg: leg(step(pose.hip, pose.torso + 90, 1.5), pose.farLeg),
  };
}
