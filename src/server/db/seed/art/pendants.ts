import { floorShadow, type Canvas } from './canvas';
import type { Point } from './geometry';
import { PENDANT_SHAPES, heartPendant } from './pendant-shapes';
import { group, lighten, line, mirrorPath, outlineOf, scaleAbout } from './svg';

// Pendant shapes are drawn hanging from (400, 352) and then enlarged about the chain's meeting point.
const PENDANT_HANG = { x: 400, y: 352 };
const CHAIN_MEET = { x: 400, y: 292 };
const PENDANT_SCALE = 1.5;

/** Two fine strands sweeping in from the top edge, meeting where a pendant hangs. */
function fineChain(colour: string, meet: Point): string {
  const left = `M214,-10 C232,150 ${meet.x - 80},${meet.y - 60} ${meet.x - 4},${meet.y + 10}`;
  // The strand ends inside the jump ring, which is drawn over it.
  return [left, mirrorPath(left)]
    .map(
      (d) =>
        line(d, outlineOf(colour), 6) +
        line(d, lighten(colour, 0.25), 3.5, { 'stroke-dasharray': '7 3' }),
    )
    .join('');
}

export function drawPendant(canvas: Canvas): string {
  const drawShape = PENDANT_SHAPES[canvas.detail] ?? heartPendant;
  const enlarge = scaleAbout(PENDANT_HANG, PENDANT_SCALE, CHAIN_MEET);
  return (
    floorShadow(canvas, 400, 700, 170, 24) +
    fineChain(canvas.colour, CHAIN_MEET) +
    group([drawShape(canvas)], { transform: enlarge })
  );
}
