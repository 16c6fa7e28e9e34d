import type { Canvas } from './canvas';
import type { Point } from './geometry';
import { metalFill } from './metal-and-gems';
import { outlineOf, scaleAbout, stroked, tag } from './svg';

export function jumpRing(canvas: Canvas, colour: string, cx: number, cy: number): string {
  return (
    tag('ellipse', {
      cx,
      cy,
      rx: 10,
      ry: 15,
      fill: 'none',
      stroke: outlineOf(colour),
      'stroke-width': 9,
    }) +
    tag('ellipse', {
      cx,
      cy,
      rx: 10,
      ry: 15,
      fill: 'none',
      stroke: metalFill(canvas, colour),
      'stroke-width': 5,
    })
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
