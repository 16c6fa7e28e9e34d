import { floorShadow, type Canvas } from './canvas';
import { drawLinks } from './chain-links';
import {
  evenlySpaced,
  placeAlong,
  polylineLength,
  polylineOf,
  type Cubic,
  type Point,
} from './geometry';
import { WHITE, darken, lighten, line, outlineOf, polylinePath } from './svg';

/** A snake chain is one smooth tube: outline, body, scale lines and a running highlight. */
function drawSnake(canvas: Canvas, points: readonly Point[], width: number): string {
  const { colour } = canvas;
  const d = polylinePath(points);
  const highlight = polylinePath(
    placeAlong(points, evenlySpaced(polylineLength(points), 6, 0)).map((place) => {
      const theta = ((place.angle - 90) * Math.PI) / 180;
      return {
        x: place.x + Math.cos(theta) * width * 0.22,
        y: place.y + Math.sin(theta) * width * 0.22,
      };
    }),
  );
  return (
    line(d, outlineOf(colour), width + 5) +
    line(d, darken(colour, 0.12), width) +
    line(d, lighten(colour, 0.2), width * 0.6) +
    line(d, darken(colour, 0.5), width, {
      'stroke-dasharray': '1.5 5',
      'stroke-linecap': 'butt',
      opacity: 0.35,
    }) +
    line(highlight, WHITE, width * 0.18, { opacity: 0.6 })
  );
}

const CHAIN_CURVES: readonly Cubic[] = [
  [
    { x: 150, y: -40 },
    { x: 165, y: 260 },
    { x: 250, y: 560 },
    { x: 400, y: 586 },
  ],
  [
    { x: 400, y: 586 },
    { x: 550, y: 560 },
    { x: 635, y: 260 },
    { x: 650, y: -40 },
  ],
];

export function drawChain(canvas: Canvas): string {
  const points = polylineOf(CHAIN_CURVES);
  const body =
    canvas.detail === 'snake'
      ? drawSnake(canvas, points, 18)
      : drawLinks(canvas, points, canvas.detail);
  return floorShadow(canvas, 400, 700, 230, 26) + body;
}
