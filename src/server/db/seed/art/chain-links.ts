import type { Canvas } from './canvas';
import { evenlySpaced, placeAlong, polylineLength, type Point } from './geometry';
import { metalFill } from './metal-and-gems';
import { formatNumber, group, outlinedWire, outlineOf, stroked, tag, translate } from './svg';

// Links are drawn centred on the origin, pointing along +x, then placed along the chain's path.

function ringLink(
  canvas: Canvas,
  colour: string,
  rx: number,
  ry: number,
  thickness: number,
): string {
  return outlinedWire(
    'ellipse',
    { rx, ry },
    { colour: outlineOf(colour), width: thickness + 4 },
    { colour: metalFill(canvas, colour), width: thickness },
  );
}

function barLink(canvas: Canvas, colour: string, length: number, width: number): string {
  return tag('rect', {
    x: -length / 2,
    y: -width / 2,
    width: length,
    height: width,
    rx: width / 2,
    fill: metalFill(canvas, colour),
    ...stroked(colour, 2),
  });
}

function boxLink(canvas: Canvas, colour: string, size: number): string {
  const half = size / 2;
  return outlinedWire(
    'rect',
    { x: -half, y: -half, width: size, height: size, rx: 4 },
    { colour: outlineOf(colour), width: 11 },
    { colour: metalFill(canvas, colour), width: 7 },
  );
}

interface LinkStyle {
  distances: (total: number) => number[];
  draw: (index: number) => string;
  twist: (index: number) => number;
}

function linkStyle(canvas: Canvas, style: string, scale: number): LinkStyle {
  const { colour } = canvas;
  const s = scale;
  switch (style) {
    case 'rope':
      return {
        distances: (total) => evenlySpaced(total, 10 * s),
        draw: () => barLink(canvas, colour, 34 * s, 13 * s),
        twist: () => 52,
      };
    case 'figaro': {
      const lengths = (index: number): number => (index % 4 === 3 ? 62 : 28) * s;
      return {
        distances: (total) => {
          const distances: number[] = [];
          let at = 20;
          for (let index = 0; at < total; index += 1) {
            distances.push(at);
            at += (lengths(index) / 2 + lengths(index + 1) / 2) * 0.78;
          }
          return distances;
        },
        draw: (index) => ringLink(canvas, colour, lengths(index) / 2, 11 * s, 6 * s),
        twist: (index) => (index % 2 === 0 ? 0 : 8),
      };
    }
    case 'box':
      return {
        distances: (total) => evenlySpaced(total, 24 * s),
        draw: (index) =>
          index % 2 === 0
            ? boxLink(canvas, colour, 24 * s)
            : barLink(canvas, colour, 30 * s, 9 * s),
        twist: () => 0,
      };
    case 'cable':
      return {
        distances: (total) => evenlySpaced(total, 29 * s),
        draw: (index) =>
          index % 2 === 0
            ? ringLink(canvas, colour, 21 * s, 13 * s, 6 * s)
            : barLink(canvas, colour, 50 * s, 9 * s),
        twist: () => 0,
      };
    default:
      // Curb: flat, twisted links that overlap, alternating their tilt.
      return {
        distances: (total) => evenlySpaced(total, 27 * s),
        draw: () => ringLink(canvas, colour, 22 * s, 14 * s, 8 * s),
        twist: (index) => (index % 2 === 0 ? 14 : -14),
      };
  }
}

export function drawLinks(
  canvas: Canvas,
  points: readonly Point[],
  style: string,
  scale = 1,
): string {
  const links = linkStyle(canvas, style, scale);
  const placements = placeAlong(points, links.distances(polylineLength(points)));
  return placements
    .map((place, index) =>
      group([links.draw(index)], {
        transform: `${translate(place.x, place.y)} rotate(${formatNumber(place.angle + links.twist(index))})`,
      }),
    )
    .join('');
}
