import type { Canvas } from './canvas';
import type { Point } from './geometry';
import { metalFill } from './metal-and-gems';
import { outlinedWire, outlineOf, scaleAbout, stroked, tag } from './svg';

export function jumpRing(canvas: Canvas, colour: string, cx: number, cy: number): string {
  return outlinedWire(
    'ellipse',
    { cx, cy, rx: 10, ry: 15 },
    { colour: outlineOf(colour), width: 9 },
    { colour: metalFill(canvas, colour), width: 5 },
  );
}

/** Solid metal shape with a bevelled face: the same outline shrunk with the light reversed. */
export function polishedShape(
  canvas: Canvas,
  d: string,
  colour: string,
  centre: Point,
  bevel = 0.84,
): string {
  const inner = scaleAbout(centre, bevel);
  return (
    tag('path', { d, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
    tag('path', { d, fill: metalFill(canvas, colour, true), opacity: 0.55, transform: inner })
  );
}
