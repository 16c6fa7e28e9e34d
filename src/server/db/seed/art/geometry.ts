export interface Point {
  x: number;
  y: number;
}

interface Placement extends Point {
  angle: number;
}

export type Cubic = readonly [Point, Point, Point, Point];

function cubicAt([p0, p1, p2, p3]: Cubic, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return {
    x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
    y: a * p0.y + b * p1.y + c * p2.y + d * p3.y,
  };
}

export function polylineOf(curves: readonly Cubic[], stepsPerCurve = 160): Point[] {
  const points: Point[] = [];
  for (const curve of curves) {
    for (let step = points.length === 0 ? 0 : 1; step <= stepsPerCurve; step += 1) {
      points.push(cubicAt(curve, step / stepsPerCurve));
    }
  }
  return points;
}

export function ellipsePolyline(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  steps = 360,
): Point[] {
  return Array.from({ length: steps + 1 }, (_, step) => {
    const theta = (step / steps) * Math.PI * 2 + Math.PI / 2;
    return { x: cx + rx * Math.cos(theta), y: cy + ry * Math.sin(theta) };
  });
}

/** Positions along a polyline at the given arc-length distances, with the local direction. */
export function placeAlong(points: readonly Point[], distances: readonly number[]): Placement[] {
  const placements: Placement[] = [];
  let travelled = 0;
  let index = 0;
  for (const wanted of distances) {
    while (index < points.length - 1) {
      const from = points[index];
      const to = points[index + 1];
      if (from === undefined || to === undefined) break;
      const length = Math.hypot(to.x - from.x, to.y - from.y);
      if (travelled + length >= wanted) {
        const t = length === 0 ? 0 : (wanted - travelled) / length;
        placements.push({
          x: from.x + (to.x - from.x) * t,
          y: from.y + (to.y - from.y) * t,
          angle: (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI,
        });
        break;
      }
      travelled += length;
      index += 1;
    }
  }
  return placements;
}

export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1];
    const to = points[index];
    if (from !== undefined && to !== undefined) total += Math.hypot(to.x - from.x, to.y - from.y);
  }
  return total;
}

export function evenlySpaced(total: number, spacing: number, start = spacing / 2): number[] {
  const distances: number[] = [];
  for (let distance = start; distance < total; distance += spacing) distances.push(distance);
  return distances;
}

export function circleIntersections(
  a: Point & { r: number },
  b: Point & { r: number },
): [Point, Point] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const distance = Math.hypot(dx, dy);
  const along = (a.r * a.r - b.r * b.r + distance * distance) / (2 * distance);
  const half = Math.sqrt(Math.max(0, a.r * a.r - along * along));
  const mx = a.x + (dx * along) / distance;
  const my = a.y + (dy * along) / distance;
  return [
    { x: mx + (dy * half) / distance, y: my - (dx * half) / distance },
    { x: mx - (dy * half) / distance, y: my + (dx * half) / distance },
  ];
}
