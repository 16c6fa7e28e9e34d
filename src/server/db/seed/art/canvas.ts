import { SIZE, tag } from './svg';

const BACKDROP = '#f1ece4';

// Drawing context: collects <defs> so gradients are shared and ids stay unique per picture,
// which matters if several pictures are ever inlined into one HTML page.

export interface Canvas {
  readonly colour: string;
  readonly accent: string;
  readonly hasAccent: boolean;
  readonly detail: string;
  readonly prefix: string;
  readonly defs: Map<string, string>;
}

export function defineOnce(canvas: Canvas, key: string, build: (id: string) => string): string {
  const id = `${canvas.prefix}-${key.replace(/[^\w-]/g, '')}`;
  if (!canvas.defs.has(id)) canvas.defs.set(id, build(id));
  return `url(#${id})`;
}

export type Stop = readonly [offset: number, colour: string, opacity?: number];

function renderStops(stops: readonly Stop[]): string {
  return stops
    .map(([offset, colour, opacity]) =>
      tag('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity }),
    )
    .join('');
}

export function linearGradient(
  canvas: Canvas,
  key: string,
  stops: readonly Stop[],
  vector: readonly [number, number, number, number] = [0, 0, 0, 1],
  userSpace = false,
): string {
  const [x1, y1, x2, y2] = vector;
  return defineOnce(canvas, key, (id) =>
    tag(
      'linearGradient',
      { id, x1, y1, x2, y2, gradientUnits: userSpace ? 'userSpaceOnUse' : undefined },
      renderStops(stops),
    ),
  );
}

export function radialGradient(
  canvas: Canvas,
  key: string,
  stops: readonly Stop[],
  centre: { cx: number; cy: number; r: number; fx?: number; fy?: number },
  userSpace = false,
): string {
  return defineOnce(canvas, key, (id) =>
    tag(
      'radialGradient',
      { id, ...centre, gradientUnits: userSpace ? 'userSpaceOnUse' : undefined },
      renderStops(stops),
    ),
  );
}

export function colourKey(colour: string): string {
  return colour.replace('#', '');
}

export function clipTo(canvas: Canvas, key: string, shape: string): string {
  return defineOnce(canvas, `clip-${key}`, (id) => tag('clipPath', { id }, shape));
}

export function floorShadow(
  canvas: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
): string {
  const fill = radialGradient(
    canvas,
    'floor-shadow',
    [
      [0, '#6b5844', 0.32],
      [0.55, '#6b5844', 0.14],
      [1, '#6b5844', 0],
    ],
    { cx: 0.5, cy: 0.5, r: 0.5 },
  );
  return tag('ellipse', { cx, cy, rx, ry, fill });
}

export function backdrop(canvas: Canvas): string {
  const glow = radialGradient(
    canvas,
    'backdrop-glow',
    [
      [0, '#fbf8f3', 0.9],
      [1, BACKDROP, 0],
    ],
    { cx: 0.5, cy: 0.42, r: 0.62 },
  );
  return (
    tag('rect', { width: SIZE, height: SIZE, fill: BACKDROP }) +
    tag('rect', { width: SIZE, height: SIZE, fill: glow })
  );
}
