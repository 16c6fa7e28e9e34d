import { colourKey, linearGradient, radialGradient, type Canvas, type Stop } from './canvas';
import { WHITE, darken, formatNumber, lighten, line, stroked, tag } from './svg';

/** Polished metal: bands of highlight and shade give the shine. */
export function metalFill(canvas: Canvas, colour: string, reversed = false): string {
  const stops: Stop[] = [
    [0, lighten(colour, 0.55)],
    [0.22, lighten(colour, 0.1)],
    [0.48, darken(colour, 0.22)],
    [0.7, lighten(colour, 0.38)],
    [1, darken(colour, 0.12)],
  ];
  return linearGradient(
    canvas,
    `metal-${colourKey(colour)}-${reversed ? 'r' : 'f'}`,
    stops,
    reversed ? [1, 1, 0, 0] : [0, 0, 1, 1],
  );
}

export function gemFill(canvas: Canvas, colour: string): string {
  return radialGradient(
    canvas,
    `gem-${colourKey(colour)}`,
    [
      [0, lighten(colour, 0.7)],
      [0.35, lighten(colour, 0.15)],
      [0.75, colour],
      [1, darken(colour, 0.4)],
    ],
    { cx: 0.38, cy: 0.32, r: 0.75 },
  );
}

export function pearlFill(canvas: Canvas, colour: string): string {
  return radialGradient(
    canvas,
    `pearl-${colourKey(colour)}`,
    [
      [0, WHITE],
      [0.3, lighten(colour, 0.35)],
      [0.8, colour],
      [1, darken(colour, 0.25)],
    ],
    { cx: 0.36, cy: 0.32, r: 0.78 },
  );
}

export function glint(cx: number, cy: number, rx: number, ry: number, rotate = -35): string {
  return tag('ellipse', {
    cx,
    cy,
    rx,
    ry,
    fill: WHITE,
    opacity: 0.55,
    transform: `rotate(${rotate} ${cx} ${cy})`,
  });
}

export function sparkle(cx: number, cy: number, size: number): string {
  const s = size;
  const d = `M${cx},${cy - s} Q${cx},${cy} ${cx + s},${cy} Q${cx},${cy} ${cx},${cy + s} Q${cx},${cy} ${cx - s},${cy} Q${cx},${cy} ${cx},${cy - s} Z`;
  return tag('path', { d, fill: WHITE, opacity: 0.85 });
}

export function bezelGem(
  canvas: Canvas,
  cx: number,
  cy: number,
  r: number,
  metal: string,
  gem: string,
): string {
  const facets = Array.from({ length: 8 }, (_, index) => {
    const theta = (index * Math.PI) / 4;
    return `M${cx},${cy} L${formatNumber(cx + r * 0.92 * Math.cos(theta))},${formatNumber(cy + r * 0.92 * Math.sin(theta))}`;
  }).join(' ');
  return (
    tag('circle', {
      cx,
      cy,
      r: r + r * 0.28,
      fill: metalFill(canvas, metal),
      ...stroked(metal, 2.5),
    }) +
    tag('circle', { cx, cy, r, fill: gemFill(canvas, gem), ...stroked(gem, 2) }) +
    line(facets, WHITE, 1.2, { opacity: 0.35 }) +
    tag('circle', {
      cx,
      cy,
      r: r * 0.45,
      fill: 'none',
      stroke: WHITE,
      'stroke-width': 1.2,
      opacity: 0.4,
    }) +
    sparkle(cx - r * 0.35, cy - r * 0.35, r * 0.35)
  );
}
