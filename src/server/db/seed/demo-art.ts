export type ArtKind =
  | 'pendant'
  | 'chain'
  | 'beanie'
  | 'cap'
  | 'bucket-hat'
  | 'tshirt'
  | 'jumper'
  | 'scarf'
  | 'tote'
  | 'bracelet'
  | 'earrings'
  | 'ring'
  | 'gloves'
  | 'socks';

export interface ArtSpec {
  kind: ArtKind;
  colour: string;
  accent?: string;
  detail?: string;
}

const SIZE = 800;
const BACKDROP = '#f1ece4';
// Shading mixes towards a warm near-black rather than pure black, so shadows and outlines
// stay in the same family as the beige backdrop.
const INK = '#2b2119';
const WHITE = '#ffffff';
const FALLBACK_COLOUR = '#9a948c';
const DEFAULT_ACCENT = '#c9a44c';

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1] ?? FALLBACK_COLOUR.slice(1);
  const full = digits.length === 3 ? digits.replace(/./g, (digit) => digit + digit) : digits;
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  const channel = (value: number): string =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(channel).join('')}`;
}

function mix(from: string, to: string, amount: number): string {
  const [r1, g1, b1] = parseHex(from);
  const [r2, g2, b2] = parseHex(to);
  return toHex([r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount]);
}

function lighten(hex: string, amount: number): string {
  return mix(hex, WHITE, amount);
}

function darken(hex: string, amount: number): string {
  return mix(hex, INK, amount);
}

function outlineOf(hex: string): string {
  return darken(hex, 0.55);
}

// ---------------------------------------------------------------------------------------------
// Markup

type AttrValue = string | number | undefined;
type Attrs = Record<string, AttrValue>;

function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function renderAttrs(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? formatNumber(value) : value}"`)
    .join('');
}

function tag(name: string, attrs: Attrs, children = ''): string {
  const rendered = renderAttrs(attrs);
  return children === '' ? `<${name}${rendered}/>` : `<${name}${rendered}>${children}</${name}>`;
}

function group(children: string[], attrs: Attrs = {}): string {
  return `<g${renderAttrs(attrs)}>${children.join('')}</g>`;
}

function stroked(colour: string, width = 3): Attrs {
  return {
    stroke: outlineOf(colour),
    'stroke-width': width,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  };
}

function line(d: string, colour: string, width: number, extra: Attrs = {}): string {
  return tag('path', {
    d,
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });
}

function stitches(d: string, colour: string, opacity = 0.55): string {
  return line(d, darken(colour, 0.35), 2, { 'stroke-dasharray': '7 6', opacity });
}

function translate(x: number, y: number): string {
  return `translate(${formatNumber(x)} ${formatNumber(y)})`;
}

/** Scales about a point; `to` lets the drawing move so that point lands somewhere else. */
function scaleAbout(from: Point, factor: number, to = from): string {
  return `${translate(to.x, to.y)} scale(${formatNumber(factor)}) ${translate(-from.x, -from.y)}`;
}

// ---------------------------------------------------------------------------------------------
// Drawing context: collects <defs> so gradients are shared and ids stay unique per picture,
// which matters if several pictures are ever inlined into one HTML page.

interface Canvas {
  readonly colour: string;
  readonly accent: string;
  readonly hasAccent: boolean;
  readonly detail: string;
  readonly prefix: string;
  readonly defs: Map<string, string>;
}

function hashSpec(art: ArtSpec): string {
  const text = `${art.kind}|${art.colour}|${art.accent ?? ''}|${art.detail ?? ''}`;
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function createCanvas(art: ArtSpec): Canvas {
  return {
    colour: toHex(parseHex(art.colour)),
    accent: toHex(parseHex(art.accent ?? DEFAULT_ACCENT)),
    hasAccent: art.accent !== undefined,
    detail: art.detail ?? '',
    prefix: `p${hashSpec(art)}`,
    defs: new Map(),
  };
}

function defineOnce(canvas: Canvas, key: string, build: (id: string) => string): string {
  const id = `${canvas.prefix}-${key.replace(/[^\w-]/g, '')}`;
  if (!canvas.defs.has(id)) canvas.defs.set(id, build(id));
  return `url(#${id})`;
}

type Stop = readonly [offset: number, colour: string, opacity?: number];

function renderStops(stops: readonly Stop[]): string {
  return stops
    .map(([offset, colour, opacity]) =>
      tag('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity }),
    )
    .join('');
}

function linearGradient(
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

function radialGradient(
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

function colourKey(colour: string): string {
  return colour.replace('#', '');
}

/** Soft top-left light for cloth. */
function fabricFill(canvas: Canvas, colour: string): string {
  return linearGradient(
    canvas,
    `fabric-${colourKey(colour)}`,
    [
      [0, lighten(colour, 0.16)],
      [0.55, colour],
      [1, darken(colour, 0.18)],
    ],
    [0.1, 0, 0.9, 1],
  );
}

/** Cloth gradient fixed to the canvas, so pieces drawn separately shade as one garment. */
function fabricFillAcross(
  canvas: Canvas,
  colour: string,
  vector: readonly [number, number, number, number],
): string {
  return linearGradient(
    canvas,
    `fabric-us-${colourKey(colour)}-${vector.join('-')}`,
    [
      [0, lighten(colour, 0.16)],
      [0.55, colour],
      [1, darken(colour, 0.2)],
    ],
    vector,
    true,
  );
}

/** Polished metal: bands of highlight and shade give the shine. */
function metalFill(canvas: Canvas, colour: string, reversed = false): string {
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

function gemFill(canvas: Canvas, colour: string): string {
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

function pearlFill(canvas: Canvas, colour: string): string {
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

function glint(cx: number, cy: number, rx: number, ry: number, rotate = -35): string {
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

function sparkle(cx: number, cy: number, size: number): string {
  const s = size;
  const d = `M${cx},${cy - s} Q${cx},${cy} ${cx + s},${cy} Q${cx},${cy} ${cx},${cy + s} Q${cx},${cy} ${cx - s},${cy} Q${cx},${cy} ${cx},${cy - s} Z`;
  return tag('path', { d, fill: WHITE, opacity: 0.85 });
}

// Textures are patterns laid over a gradient-filled shape.

function knitTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `knit-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 14, height: 12, patternUnits: 'userSpaceOnUse' },
      line('M1,1 L7,10 L13,1', darken(colour, 0.45), 2, { opacity: 0.22 }) +
        line('M2,0 L7,7', lighten(colour, 0.4), 1.5, { opacity: 0.25 }),
    ),
  );
}

function ribTexture(canvas: Canvas, colour: string, angle = 0): string {
  return defineOnce(canvas, `rib-${colourKey(colour)}-${Math.round(angle)}`, (id) =>
    tag(
      'pattern',
      {
        id,
        width: 16,
        height: 16,
        patternUnits: 'userSpaceOnUse',
        patternTransform: angle === 0 ? undefined : `rotate(${angle})`,
      },
      tag('rect', { x: 0, y: 0, width: 6, height: 16, fill: darken(colour, 0.5), opacity: 0.2 }) +
        tag('rect', { x: 9, y: 0, width: 3, height: 16, fill: lighten(colour, 0.5), opacity: 0.2 }),
    ),
  );
}

function weaveTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `weave-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
      line('M0,2 H8', darken(colour, 0.4), 1.2, { opacity: 0.14 }) +
        line('M5,0 V8', darken(colour, 0.4), 1.2, { opacity: 0.1 }),
    ),
  );
}

function checkTexture(canvas: Canvas, colour: string, accent: string): string {
  return defineOnce(canvas, `check-${colourKey(colour)}-${colourKey(accent)}`, (id) =>
    tag(
      'pattern',
      { id, width: 64, height: 64, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-4)' },
      [
        tag('rect', { x: 0, y: 18, width: 64, height: 22, fill: accent, opacity: 0.55 }),
        tag('rect', { x: 18, y: 0, width: 22, height: 64, fill: accent, opacity: 0.55 }),
        tag('rect', {
          x: 0,
          y: 52,
          width: 64,
          height: 4,
          fill: lighten(colour, 0.6),
          opacity: 0.5,
        }),
        tag('rect', {
          x: 52,
          y: 0,
          width: 4,
          height: 64,
          fill: lighten(colour, 0.6),
          opacity: 0.5,
        }),
      ].join(''),
    ),
  );
}

function cordTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `cord-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse' },
      tag('rect', { x: 0, y: 0, width: 5, height: 12, fill: darken(colour, 0.4), opacity: 0.2 }) +
        tag('rect', { x: 7, y: 0, width: 3, height: 12, fill: lighten(colour, 0.5), opacity: 0.2 }),
    ),
  );
}

function clipTo(canvas: Canvas, key: string, shape: string): string {
  return defineOnce(canvas, `clip-${key}`, (id) => tag('clipPath', { id }, shape));
}

/** A path filled with a gradient, optionally overlaid with a texture, then outlined. */
function garmentPiece(
  d: string,
  fill: string,
  outlineColour: string,
  texture?: string,
  extra: Attrs = {},
): string {
  const base = tag('path', { d, fill, ...extra });
  const textured = texture === undefined ? '' : tag('path', { d, fill: texture, ...extra });
  const outline = tag('path', { d, fill: 'none', ...stroked(outlineColour), ...extra });
  return base + textured + outline;
}

function floorShadow(canvas: Canvas, cx: number, cy: number, rx: number, ry: number): string {
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

// ---------------------------------------------------------------------------------------------
// Geometry

interface Point {
  x: number;
  y: number;
}

interface Placement extends Point {
  angle: number;
}

type Cubic = readonly [Point, Point, Point, Point];

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

function polylineOf(curves: readonly Cubic[], stepsPerCurve = 160): Point[] {
  const points: Point[] = [];
  for (const curve of curves) {
    for (let step = points.length === 0 ? 0 : 1; step <= stepsPerCurve; step += 1) {
      points.push(cubicAt(curve, step / stepsPerCurve));
    }
  }
  return points;
}

function ellipsePolyline(cx: number, cy: number, rx: number, ry: number, steps = 360): Point[] {
  return Array.from({ length: steps + 1 }, (_, step) => {
    const theta = (step / steps) * Math.PI * 2 + Math.PI / 2;
    return { x: cx + rx * Math.cos(theta), y: cy + ry * Math.sin(theta) };
  });
}

/** Positions along a polyline at the given arc-length distances, with the local direction. */
function placeAlong(points: readonly Point[], distances: readonly number[]): Placement[] {
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

function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1];
    const to = points[index];
    if (from !== undefined && to !== undefined) total += Math.hypot(to.x - from.x, to.y - from.y);
  }
  return total;
}

function evenlySpaced(total: number, spacing: number, start = spacing / 2): number[] {
  const distances: number[] = [];
  for (let distance = start; distance < total; distance += spacing) distances.push(distance);
  return distances;
}

function polylinePath(points: readonly Point[]): string {
  return points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${formatNumber(point.x)},${formatNumber(point.y)}`,
    )
    .join(' ');
}

function mirrorPath(d: string): string {
  // Only absolute M/L/C/Q/Z commands with x,y pairs are used in mirrored shapes.
  return d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => {
    return `${formatNumber(SIZE - Number(x))},${y}`;
  });
}

function starPath(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const theta = -Math.PI / 2 + (index * Math.PI) / points;
    return { x: cx + radius * Math.cos(theta), y: cy + radius * Math.sin(theta) };
  });
  return `${polylinePath(corners)} Z`;
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx},${cy} A${rx},${ry} 0 1 0 ${cx + rx},${cy} A${rx},${ry} 0 1 0 ${cx - rx},${cy} Z`;
}

// ---------------------------------------------------------------------------------------------
// Jewellery

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

function jumpRing(canvas: Canvas, colour: string, cx: number, cy: number): string {
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
function polishedShape(
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

function bezelGem(
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

function heartPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const d =
    'M400,572 C334,524 300,486 300,442 C300,408 326,384 356,384 C378,384 393,397 400,414 ' +
    'C407,397 422,384 444,384 C474,384 500,408 500,442 C500,486 466,524 400,572 Z';
  return (
    jumpRing(canvas, colour, 400, 372) +
    polishedShape(canvas, d, colour, { x: 400, y: 470 }, 0.8) +
    glint(352, 420, 18, 7, -40)
  );
}

function circleIntersections(a: Point & { r: number }, b: Point & { r: number }): [Point, Point] {
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

function moonPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const outer = { x: 400, y: 474, r: 92 };
  const cut = { x: 446, y: 450, r: 76 };
  const [upper, lower] = circleIntersections(outer, cut);
  const pt = (point: Point): string => `${formatNumber(point.x)},${formatNumber(point.y)}`;
  const d = `M${pt(upper)} A${outer.r},${outer.r} 0 1 0 ${pt(lower)} A${cut.r},${cut.r} 0 0 1 ${pt(upper)} Z`;
  return (
    jumpRing(canvas, colour, 392, 372) +
    polishedShape(canvas, d, colour, { x: 370, y: 480 }, 0.86) +
    (canvas.hasAccent ? bezelGem(canvas, 334, 500, 11, colour, accent) : '') +
    glint(340, 440, 16, 6, -60)
  );
}

function starPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const d = starPath(400, 482, 100, 44);
  return (
    jumpRing(canvas, colour, 400, 372) +
    tag('path', { d, fill: metalFill(canvas, colour), ...stroked(colour, 3), 'stroke-width': 4 }) +
    // Facet lines from the centre to every point give the star a carved, three-dimensional look.
    line(
      Array.from({ length: 10 }, (_, index) => {
        const radius = index % 2 === 0 ? 100 : 44;
        const theta = -Math.PI / 2 + (index * Math.PI) / 5;
        return `M400,482 L${formatNumber(400 + radius * Math.cos(theta))},${formatNumber(482 + radius * Math.sin(theta))}`;
      }).join(' '),
      darken(colour, 0.35),
      1.6,
      { opacity: 0.55 },
    ) +
    tag('path', {
      d: 'M400,482 L400,382 L414,421 Z M400,482 L495,451 L452,482 Z M400,482 L341,563 L356,523 Z',
      fill: WHITE,
      opacity: 0.3,
    })
  );
}

function discPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const centre = { x: 400, y: 470 };
  const engraved = Array.from({ length: 12 }, (_, index) => {
    const theta = (index * Math.PI) / 6;
    const x = 400 + 60 * Math.cos(theta);
    const y = 470 + 60 * Math.sin(theta);
    return tag('circle', { cx: x, cy: y, r: 3, fill: darken(colour, 0.3), opacity: 0.5 });
  }).join('');
  return (
    jumpRing(canvas, colour, 400, 372) +
    polishedShape(canvas, ellipsePath(centre.x, centre.y, 90, 90), colour, centre, 0.86) +
    engraved +
    bezelGem(canvas, 400, 470, 16, colour, accent) +
    glint(350, 420, 22, 8, -45)
  );
}

function teardropPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const outer = 'M400,380 C430,430 478,474 478,520 A78,78 0 0 1 322,520 C322,474 370,430 400,380 Z';
  const innerTransform = scaleAbout({ x: 400, y: 505 }, 0.76);
  return (
    jumpRing(canvas, colour, 400, 370) +
    tag('path', { d: outer, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
    tag('path', {
      d: outer,
      fill: gemFill(canvas, accent),
      transform: innerTransform,
      ...stroked(accent, 2),
    }) +
    line('M400,420 L400,560 M360,490 L400,540 L440,490 M370,530 L400,440 L430,530', WHITE, 1.4, {
      opacity: 0.35,
    }) +
    sparkle(378, 470, 16) +
    glint(356, 520, 10, 22, 20)
  );
}

function barPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const d = 'M378,384 H422 V604 Q422,612 414,612 H386 Q378,612 378,604 Z';
  return (
    jumpRing(canvas, colour, 400, 372) +
    tag('path', { d, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
    tag('rect', { x: 386, y: 392, width: 10, height: 210, rx: 5, fill: WHITE, opacity: 0.4 }) +
    (canvas.hasAccent ? bezelGem(canvas, 400, 586, 9, colour, accent) : '')
  );
}

function pearlPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const pearlColour = canvas.hasAccent ? canvas.accent : '#efe8dc';
  return (
    jumpRing(canvas, colour, 400, 370) +
    tag('circle', {
      cx: 400,
      cy: 478,
      r: 70,
      fill: pearlFill(canvas, pearlColour),
      ...stroked(pearlColour, 2.5),
    }) +
    tag('circle', {
      cx: 400,
      cy: 478,
      r: 70,
      fill: 'none',
      stroke: '#c9b8e0',
      'stroke-width': 6,
      opacity: 0.18,
    }) +
    tag('path', {
      d: 'M372,404 Q400,386 428,404 L422,418 Q400,408 378,418 Z',
      fill: metalFill(canvas, colour),
      ...stroked(colour, 2.5),
    }) +
    glint(372, 448, 18, 10, -40)
  );
}

function gemPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  return jumpRing(canvas, colour, 400, 372) + bezelGem(canvas, 400, 452, 54, colour, accent);
}

const PENDANT_SHAPES: Record<string, (canvas: Canvas) => string> = {
  heart: heartPendant,
  moon: moonPendant,
  star: starPendant,
  disc: discPendant,
  teardrop: teardropPendant,
  bar: barPendant,
  pearl: pearlPendant,
  gem: gemPendant,
};

function drawPendant(canvas: Canvas): string {
  const drawShape = PENDANT_SHAPES[canvas.detail] ?? heartPendant;
  const enlarge = scaleAbout(PENDANT_HANG, PENDANT_SCALE, CHAIN_MEET);
  return (
    floorShadow(canvas, 400, 700, 170, 24) +
    fineChain(canvas.colour, CHAIN_MEET) +
    group([drawShape(canvas)], { transform: enlarge })
  );
}

// Links are drawn centred on the origin, pointing along +x, then placed along the chain's path.

function ringLink(
  canvas: Canvas,
  colour: string,
  rx: number,
  ry: number,
  thickness: number,
): string {
  return (
    tag('ellipse', {
      rx,
      ry,
      fill: 'none',
      stroke: outlineOf(colour),
      'stroke-width': thickness + 4,
    }) +
    tag('ellipse', {
      rx,
      ry,
      fill: 'none',
      stroke: metalFill(canvas, colour),
      'stroke-width': thickness,
    })
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
  return (
    tag('rect', {
      x: -half,
      y: -half,
      width: size,
      height: size,
      rx: 4,
      fill: 'none',
      stroke: outlineOf(colour),
      'stroke-width': 11,
    }) +
    tag('rect', {
      x: -half,
      y: -half,
      width: size,
      height: size,
      rx: 4,
      fill: 'none',
      stroke: metalFill(canvas, colour),
      'stroke-width': 7,
    })
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

function drawLinks(canvas: Canvas, points: readonly Point[], style: string, scale = 1): string {
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

function drawChain(canvas: Canvas): string {
  const points = polylineOf(CHAIN_CURVES);
  const body =
    canvas.detail === 'snake'
      ? drawSnake(canvas, points, 18)
      : drawLinks(canvas, points, canvas.detail);
  return floorShadow(canvas, 400, 700, 230, 26) + body;
}

// Bracelets lie flat, seen from above at an angle: an ellipse, back half first.

function drawBracelet(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const cx = 400;
  const cy = 430;
  const rx = 230;
  const ry = 112;
  const shadow = floorShadow(canvas, 400, 600, 290, 50);
  if (canvas.detail === 'bangle') {
    const depth = 44;
    const front = `M${cx - rx},${cy} A${rx},${ry} 0 0 0 ${cx + rx},${cy} L${cx + rx},${cy + depth} A${rx},${ry} 0 0 1 ${cx - rx},${cy + depth} Z`;
    const back = `M${cx - rx + 14},${cy} A${rx - 14},${ry - 10} 0 0 1 ${cx + rx - 14},${cy} L${cx + rx - 14},${cy + depth} A${rx - 14},${ry - 10} 0 0 0 ${cx - rx + 14},${cy + depth} Z`;
    return (
      shadow +
      tag('path', {
        d: back,
        fill: metalFill(canvas, darken(colour, 0.15), true),
        ...stroked(colour, 3),
      }) +
      tag('path', { d: front, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
      tag('ellipse', {
        cx,
        cy,
        rx: rx - 7,
        ry: ry - 5,
        fill: 'none',
        stroke: outlineOf(colour),
        'stroke-width': 18,
      }) +
      tag('ellipse', {
        cx,
        cy,
        rx: rx - 7,
        ry: ry - 5,
        fill: 'none',
        stroke: metalFill(canvas, lighten(colour, 0.1)),
        'stroke-width': 13,
      }) +
      line(
        `M${cx - 150},${cy + ry + 8} Q${cx},${cy + ry + 44} ${cx + 150},${cy + ry + 8}`,
        WHITE,
        6,
        { opacity: 0.45 },
      )
    );
  }
  const points = ellipsePolyline(cx, cy, rx, ry);
  if (canvas.detail === 'beaded') {
    const beads = placeAlong(points, evenlySpaced(polylineLength(points), 44, 0))
      .map((place) => ({ ...place, depth: (place.y - (cy - ry)) / (2 * ry) }))
      .sort((a, b) => a.y - b.y);
    return (
      shadow +
      beads
        .map((bead, index) => {
          const r = 19 + bead.depth * 6;
          const beadColour = index % 5 === 0 ? colour : accent;
          return tag('circle', {
            cx: bead.x,
            cy: bead.y,
            r,
            fill: beadColour === colour ? metalFill(canvas, colour) : gemFill(canvas, accent),
            ...stroked(beadColour, 2),
          });
        })
        .join('')
    );
  }
  return (
    shadow +
    drawLinks(canvas, points, 'curb', 0.9) +
    bezelGem(canvas, cx, cy + ry + 18, 14, colour, accent)
  );
}

function drawEarrings(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const shadow = floorShadow(canvas, 400, 690, 250, 24);
  const pair = (draw: (cx: number) => string): string => draw(285) + draw(515);
  if (canvas.detail === 'stud') {
    return (
      shadow +
      pair(
        (cx) =>
          tag('rect', {
            x: cx - 5,
            y: 470,
            width: 10,
            height: 70,
            rx: 5,
            fill: metalFill(canvas, colour),
            ...stroked(colour, 2),
          }) + bezelGem(canvas, cx, 450, 62, colour, accent),
      )
    );
  }
  if (canvas.detail === 'drop') {
    return (
      shadow +
      pair((cx) => {
        const hook = `M${cx},330 C${cx},280 ${cx - 40},250 ${cx - 52},282 C${cx - 60},302 ${cx - 48},330 ${cx - 40},352`;
        const drop = `M${cx},420 C${cx + 22},452 ${cx + 44},480 ${cx + 44},510 A44,44 0 0 1 ${cx - 44},510 C${cx - 44},480 ${cx - 22},452 ${cx},420 Z`;
        return (
          line(hook, outlineOf(colour), 8) +
          line(hook, lighten(colour, 0.2), 4.5) +
          line(`M${cx},330 L${cx},392`, outlineOf(colour), 8) +
          line(`M${cx},330 L${cx},392`, lighten(colour, 0.2), 4.5) +
          tag('circle', {
            cx,
            cy: 402,
            r: 14,
            fill: metalFill(canvas, colour),
            ...stroked(colour, 2.5),
          }) +
          tag('path', { d: drop, fill: metalFill(canvas, colour), ...stroked(colour, 2.5) }) +
          tag('path', {
            d: drop,
            fill: gemFill(canvas, accent),
            transform: scaleAbout({ x: cx, y: 495 }, 0.78),
            ...stroked(accent, 2),
          }) +
          sparkle(cx - 12, 478, 12)
        );
      })
    );
  }
  return (
    shadow +
    pair((cx) => {
      const hoop = ellipsePath(cx, 450, 92, 112);
      return (
        tag('path', { d: hoop, fill: 'none', stroke: outlineOf(colour), 'stroke-width': 26 }) +
        tag('path', {
          d: hoop,
          fill: 'none',
          stroke: metalFill(canvas, colour),
          'stroke-width': 20,
        }) +
        line(`M${cx - 70},392 A92,112 0 0 1 ${cx},338`, WHITE, 4, { opacity: 0.6 }) +
        line(`M${cx + 6},332 L${cx + 18},324`, outlineOf(colour), 6)
      );
    })
  );
}

function diamondSideView(
  canvas: Canvas,
  cx: number,
  girdleY: number,
  width: number,
  colour: string,
): string {
  const half = width / 2;
  const tableHalf = width * 0.28;
  const crown = width * 0.22;
  const pavilion = width * 0.55;
  const outline = `M${cx - tableHalf},${girdleY - crown} L${cx + tableHalf},${girdleY - crown} L${cx + half},${girdleY} L${cx},${girdleY + pavilion} L${cx - half},${girdleY} Z`;
  const facets = [
    `M${cx - half},${girdleY} L${cx + half},${girdleY}`,
    `M${cx - tableHalf},${girdleY - crown} L${cx - half * 0.45},${girdleY} L${cx},${girdleY + pavilion}`,
    `M${cx + tableHalf},${girdleY - crown} L${cx + half * 0.45},${girdleY} L${cx},${girdleY + pavilion}`,
    `M${cx},${girdleY - crown} L${cx - half * 0.45},${girdleY} M${cx},${girdleY - crown} L${cx + half * 0.45},${girdleY}`,
  ].join(' ');
  return (
    tag('path', { d: outline, fill: gemFill(canvas, colour), ...stroked(colour, 2.5) }) +
    line(facets, WHITE, 1.5, { opacity: 0.5 }) +
    tag('path', {
      d: `M${cx - tableHalf},${girdleY - crown} L${cx},${girdleY - crown} L${cx - half * 0.45},${girdleY} L${cx - half},${girdleY} Z`,
      fill: WHITE,
      opacity: 0.35,
    }) +
    sparkle(cx + tableHalf * 0.6, girdleY - crown - 4, 14)
  );
}

/** An upright ring band: an elliptical hole cut out of a larger ellipse. */
function ringBand(
  canvas: Canvas,
  colour: string,
  cx: number,
  cy: number,
  r: number,
  thickness: number,
): string {
  const outer = ellipsePath(cx, cy, r, r * 0.96);
  const inner = ellipsePath(cx, cy + thickness * 0.15, r - thickness, r * 0.96 - thickness);
  const innerSurface = `M${cx - r + thickness},${cy + thickness * 0.15} A${r - thickness},${r * 0.96 - thickness} 0 0 1 ${cx + r - thickness},${cy + thickness * 0.15} A${r - thickness},${r * 0.8 - thickness} 0 0 0 ${cx - r + thickness},${cy + thickness * 0.15} Z`;
  return (
    tag('path', {
      d: `${outer} ${inner}`,
      'fill-rule': 'evenodd',
      fill: metalFill(canvas, colour),
      ...stroked(colour, 3),
    }) +
    tag('path', { d: innerSurface, fill: darken(colour, 0.25), opacity: 0.55 }) +
    line(
      `M${cx - r * 0.78},${cy - r * 0.5} A${r - thickness * 0.5},${r * 0.96 - thickness * 0.5} 0 0 1 ${cx - r * 0.2},${cy - r * 0.9}`,
      WHITE,
      thickness * 0.22,
      { opacity: 0.5 },
    )
  );
}

function drawRing(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const shadow = floorShadow(canvas, 400, 680, 210, 26);
  if (canvas.detail === 'stack') {
    return (
      shadow +
      ringBand(canvas, accent, 372, 470, 150, 16) +
      ringBand(canvas, mix(colour, accent, 0.5), 400, 485, 150, 16) +
      ringBand(canvas, colour, 428, 500, 150, 16)
    );
  }
  if (canvas.detail === 'band') {
    return shadow + ringBand(canvas, colour, 400, 480, 170, 44);
  }
  if (canvas.detail === 'signet') {
    return (
      shadow +
      ringBand(canvas, colour, 400, 500, 150, 30) +
      tag('path', {
        d: 'M300,350 Q400,300 500,350 L488,386 Q400,350 312,386 Z',
        fill: metalFill(canvas, colour, true),
        ...stroked(colour, 3),
      }) +
      tag('ellipse', {
        cx: 400,
        cy: 330,
        rx: 104,
        ry: 40,
        fill: metalFill(canvas, colour),
        ...stroked(colour, 3),
      }) +
      tag('ellipse', {
        cx: 400,
        cy: 330,
        rx: 76,
        ry: 27,
        fill: gemFill(canvas, accent),
        ...stroked(accent, 2),
      }) +
      glint(370, 320, 22, 6, -8)
    );
  }
  const prong = (d: string): string =>
    line(d, outlineOf(colour), 10) + line(d, lighten(colour, 0.15), 6);
  return (
    shadow +
    ringBand(canvas, colour, 400, 500, 150, 26) +
    prong('M380,372 L342,290') +
    prong('M420,372 L458,290') +
    tag('path', {
      d: 'M356,362 Q400,338 444,362 L432,384 Q400,372 368,384 Z',
      fill: metalFill(canvas, colour),
      ...stroked(colour, 2.5),
    }) +
    diamondSideView(canvas, 400, 294, 136, accent) +
    prong('M340,292 L348,270') +
    prong('M460,292 L452,270')
  );
}

// ---------------------------------------------------------------------------------------------
// Clothing

const TEE_BODY =
  'M338,172 C362,188 438,188 462,172 L560,204 C590,216 606,236 618,262 L652,332 ' +
  'C624,352 594,364 562,372 L534,322 L540,628 C460,644 340,644 260,628 L266,322 L238,372 ' +
  'C206,364 176,352 148,332 L182,262 C194,236 210,216 240,204 Z';

function teeStripes(canvas: Canvas, clip: string): string {
  const stripes = Array.from({ length: 9 }, (_, index) =>
    tag('rect', {
      x: 100,
      y: 244 + index * 42,
      width: 600,
      height: 17,
      fill: canvas.accent,
      opacity: 0.92,
    }),
  ).join('');
  return group([stripes], { 'clip-path': clip });
}

function chestPocket(canvas: Canvas, colour: string): string {
  const d = 'M436,276 H506 V344 Q471,360 436,344 Z';
  return (
    tag('path', { d, fill: fabricFill(canvas, colour), ...stroked(canvas.colour, 2.5) }) +
    stitches('M436,288 H506', canvas.colour) +
    stitches('M444,280 V340 Q471,353 498,340 V280', canvas.colour, 0.35)
  );
}

function chestBadge(canvas: Canvas): string {
  const { accent } = canvas;
  return group(
    [
      tag('circle', { cx: 0, cy: 0, r: 30, fill: 'none', stroke: accent, 'stroke-width': 5 }),
      tag('circle', { cx: 0, cy: -6, r: 10, fill: accent }),
      line('M-20,10 Q-10,2 0,10 T20,10', accent, 4.5),
    ],
    { transform: translate(472, 300) },
  );
}

function drawTshirt(canvas: Canvas): string {
  const { colour } = canvas;
  const fill = fabricFill(canvas, colour);
  const clip = clipTo(canvas, 'tee', tag('path', { d: TEE_BODY }));
  const neckInside =
    'M338,172 C362,188 438,188 462,172 C452,208 430,222 400,222 C370,222 348,208 338,172 Z';
  const neckBand = 'M338,172 C348,210 370,224 400,224 C430,224 452,210 462,172';
  const detail =
    canvas.detail === 'stripe'
      ? teeStripes(canvas, clip)
      : canvas.detail === 'pocket'
        ? chestPocket(canvas, canvas.hasAccent ? canvas.accent : colour)
        : canvas.detail === 'logo'
          ? chestBadge(canvas)
          : '';
  const folds = [
    'M266,330 C290,360 300,420 292,470',
    'M534,330 C510,360 500,420 508,470',
    'M330,560 C360,590 380,610 382,634',
  ]
    .map((d) => line(d, darken(colour, 0.4), 10, { opacity: 0.07 }))
    .join('');
  return (
    floorShadow(canvas, 400, 690, 240, 28) +
    tag('path', { d: TEE_BODY, fill }) +
    detail +
    folds +
    tag('path', { d: TEE_BODY, fill: 'none', ...stroked(colour) }) +
    tag('path', { d: neckInside, fill: darken(colour, 0.28), ...stroked(colour) }) +
    line(neckBand, outlineOf(colour), 15, { 'stroke-linecap': 'butt' }) +
    line(neckBand, lighten(colour, 0.05), 10, { 'stroke-linecap': 'butt' }) +
    stitches('M160,318 L244,356', colour) +
    stitches(mirrorPath('M160,318 L244,356'), colour) +
    stitches('M262,608 C340,622 460,622 538,608', colour)
  );
}

const JUMPER_BODY =
  'M340,168 C362,182 438,182 460,168 L562,198 C598,210 618,234 628,268 L680,528 L614,548 ' +
  'L558,336 L556,604 L244,604 L242,336 L186,548 L120,528 L172,268 C182,234 202,210 238,198 Z';

function ribbedBand(canvas: Canvas, d: string, colour: string, angle = 0): string {
  return garmentPiece(
    d,
    fabricFill(canvas, darken(colour, 0.06)),
    colour,
    ribTexture(canvas, colour, angle),
  );
}

function cableColumn(canvas: Canvas, x: number, top: number, bottom: number): string {
  const { colour } = canvas;
  const parts: string[] = [];
  for (let y = top; y < bottom; y += 40) {
    const under = `M${x + 16},${y} C${x + 16},${y + 20} ${x - 16},${y + 20} ${x - 16},${y + 40}`;
    const over = `M${x - 16},${y} C${x - 16},${y + 20} ${x + 16},${y + 20} ${x + 16},${y + 40}`;
    parts.push(line(under, darken(colour, 0.35), 15), line(under, darken(colour, 0.1), 10));
    parts.push(line(over, darken(colour, 0.4), 16), line(over, lighten(colour, 0.14), 10));
  }
  return parts.join('');
}

function fairIsleYoke(canvas: Canvas, clip: string): string {
  const { colour, accent } = canvas;
  const light = lighten(colour, 0.7);
  const row = (y: number, draw: (x: number) => string, step: number): string =>
    Array.from({ length: Math.ceil(600 / step) }, (_, index) => draw(100 + index * step)).join('');
  return group(
    [
      tag('rect', {
        x: 100,
        y: 214,
        width: 600,
        height: 112,
        fill: darken(colour, 0.08),
        opacity: 0.6,
      }),
      row(232, (x) => tag('path', { d: `M${x},244 l12,-16 l12,16 Z`, fill: accent }), 24),
      row(
        262,
        (x) =>
          tag('rect', {
            x: x + 6,
            y: 256,
            width: 10,
            height: 10,
            fill: light,
            transform: `rotate(45 ${x + 11} 261)`,
          }),
        24,
      ),
      row(290, (x) => tag('circle', { cx: x + 12, cy: 290, r: 5, fill: accent }), 24),
      row(310, (x) => tag('path', { d: `M${x},302 l12,16 l12,-16 Z`, fill: light }), 24),
    ],
    { 'clip-path': clip },
  );
}

function drawJumper(canvas: Canvas): string {
  const { colour } = canvas;
  const clip = clipTo(canvas, 'jumper', tag('path', { d: JUMPER_BODY }));
  const knit = knitTexture(canvas, colour);
  const cuff = 'M680,528 L614,548 L626,604 L686,586 Z';
  const hem = 'M244,600 L556,600 L552,654 C460,664 340,664 248,654 Z';
  const neckInside =
    'M340,168 C362,182 438,182 460,168 C452,204 430,216 400,216 C370,216 348,204 340,168 Z';
  const crewBand = 'M336,166 C346,212 370,226 400,226 C430,226 454,212 464,166';
  const rollneck = 'M336,112 C356,104 444,104 464,112 L470,196 C444,214 356,214 330,196 Z';
  const isRollneck = canvas.detail === 'rollneck';
  const neck = isRollneck
    ? tag('path', { d: neckInside, fill: darken(colour, 0.3) }) +
      ribbedBand(canvas, rollneck, colour) +
      line('M333,152 C360,166 440,166 467,152', darken(colour, 0.45), 5, { opacity: 0.35 }) +
      tag('ellipse', {
        cx: 400,
        cy: 112,
        rx: 64,
        ry: 11,
        fill: darken(colour, 0.3),
        ...stroked(colour),
      })
    : tag('path', { d: neckInside, fill: darken(colour, 0.3), ...stroked(colour) }) +
      line(crewBand, outlineOf(colour), 24, { 'stroke-linecap': 'butt' }) +
      line(crewBand, darken(colour, 0.04), 19, { 'stroke-linecap': 'butt' }) +
      line(crewBand, darken(colour, 0.3), 19, {
        'stroke-dasharray': '3 6',
        opacity: 0.35,
        'stroke-linecap': 'butt',
      });
  const pattern =
    canvas.detail === 'cable'
      ? group(
          [
            cableColumn(canvas, 400, 236, 596),
            cableColumn(canvas, 322, 236, 596),
            cableColumn(canvas, 478, 236, 596),
            line('M361,236 V596 M439,236 V596', darken(colour, 0.3), 4, {
              'stroke-dasharray': '4 7',
              opacity: 0.6,
            }),
          ],
          { 'clip-path': clip },
        )
      : canvas.detail === 'fairisle'
        ? fairIsleYoke(canvas, clip)
        : '';
  return (
    floorShadow(canvas, 400, 700, 270, 28) +
    tag('path', { d: JUMPER_BODY, fill: fabricFill(canvas, colour) }) +
    tag('path', { d: JUMPER_BODY, fill: knit }) +
    pattern +
    line('M242,336 C256,420 258,520 250,600', darken(colour, 0.4), 10, { opacity: 0.08 }) +
    line('M558,336 C544,420 542,520 550,600', darken(colour, 0.4), 10, { opacity: 0.08 }) +
    tag('path', { d: JUMPER_BODY, fill: 'none', ...stroked(colour) }) +
    ribbedBand(canvas, cuff, colour, -12) +
    ribbedBand(canvas, mirrorPath(cuff), colour, 12) +
    ribbedBand(canvas, hem, colour) +
    neck
  );
}

function crownRibs(colour: string, top: Point, base: number, from: number, to: number): string {
  const ribs: string[] = [];
  for (let x = from; x <= to; x += 26) {
    const bow = (x - top.x) * 0.18;
    ribs.push(
      `M${x},${base} Q${x + bow},${(base + top.y) / 2} ${top.x + (x - top.x) * 0.12},${top.y + 8}`,
    );
  }
  return line(ribs.join(' '), darken(colour, 0.35), 4, { opacity: 0.25 });
}

function pompom(canvas: Canvas, cx: number, cy: number, colour: string): string {
  const strands = Array.from({ length: 48 }, (_, index) => {
    const theta = (index / 48) * Math.PI * 2;
    const inner = 30 + (index % 3) * 6;
    const outer = 62 + ((index * 7) % 5) * 2;
    return `M${formatNumber(cx + inner * Math.cos(theta))},${formatNumber(cy + inner * Math.sin(theta))} L${formatNumber(cx + outer * Math.cos(theta))},${formatNumber(cy + outer * Math.sin(theta))}`;
  });
  return (
    tag('circle', { cx, cy, r: 62, fill: fabricFill(canvas, colour), ...stroked(colour, 3) }) +
    line(strands.filter((_, i) => i % 2 === 0).join(' '), darken(colour, 0.3), 3, {
      opacity: 0.45,
    }) +
    line(strands.filter((_, i) => i % 2 === 1).join(' '), lighten(colour, 0.45), 3, {
      opacity: 0.55,
    })
  );
}

function drawBeanie(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const isFisherman = canvas.detail === 'cuff';
  const top = isFisherman ? 300 : 226;
  const crown = `M238,472 C232,${top + 110} 300,${top} 400,${top} C500,${top} 568,${top + 110} 562,472 Z`;
  const cuffTop = isFisherman ? 430 : 458;
  const cuff = `M212,${cuffTop} Q400,${cuffTop + 24} 588,${cuffTop} L594,590 Q400,618 206,590 Z`;
  const cuffClip = clipTo(canvas, 'beanie-cuff', tag('path', { d: cuff }));
  const stripe =
    canvas.detail === 'stripe'
      ? group(
          [
            tag('path', {
              d: `M150,${cuffTop + 50} Q400,${cuffTop + 76} 650,${cuffTop + 50} V${cuffTop + 82} Q400,${cuffTop + 108} 150,${cuffTop + 82} Z`,
              fill: accent,
            }),
          ],
          { 'clip-path': cuffClip },
        )
      : '';
  const cuffRibs = Array.from({ length: 20 }, (_, index) => {
    const x = 222 + index * 18.6;
    return `M${formatNumber(x)},${cuffTop - 10} L${formatNumber(x + (x - 400) * 0.04)},620`;
  }).join(' ');
  return (
    floorShadow(canvas, 400, 660, 250, 30) +
    garmentPiece(crown, fabricFill(canvas, colour), colour, knitTexture(canvas, colour)) +
    crownRibs(colour, { x: 400, y: top }, 470, 262, 538) +
    tag('path', { d: cuff, fill: fabricFill(canvas, darken(colour, 0.04)) }) +
    stripe +
    group([line(cuffRibs, darken(colour, 0.45), 6, { opacity: 0.22 })], { 'clip-path': cuffClip }) +
    tag('path', { d: cuff, fill: 'none', ...stroked(colour) }) +
    line(`M214,${cuffTop + 4} Q400,${cuffTop + 30} 586,${cuffTop + 4}`, darken(colour, 0.4), 6, {
      opacity: 0.18,
    }) +
    (canvas.detail === 'pompom' ? pompom(canvas, 400, top - 14, accent) : '')
  );
}

function drawCap(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const crown =
    'M200,472 C190,330 280,236 395,232 C510,230 590,320 598,462 C560,492 470,514 400,516 ' +
    'C320,516 250,500 200,472 Z';
  // The peak's top face: its inner edge follows the crown's base, its outer edge sweeps forward.
  const brim =
    'M300,508 C360,518 470,514 540,496 C570,488 590,476 598,462 C660,450 740,468 748,500 ' +
    'C754,540 640,574 520,566 C420,560 330,540 300,508 Z';
  const seams = [
    'M395,236 C360,300 320,400 310,510',
    'M395,236 C440,300 490,400 500,512',
    'M395,236 C330,280 250,380 232,490',
  ];
  const patch =
    canvas.detail === 'patch'
      ? group(
          [
            tag('rect', {
              x: -42,
              y: -28,
              width: 84,
              height: 56,
              rx: 12,
              fill: fabricFill(canvas, accent),
              ...stroked(accent, 2.5),
            }),
            tag('rect', {
              x: -34,
              y: -20,
              width: 68,
              height: 40,
              rx: 8,
              fill: 'none',
              stroke: lighten(accent, 0.5),
              'stroke-width': 2,
              'stroke-dasharray': '5 4',
            }),
            tag('path', { d: 'M-22,12 L-6,-8 L4,4 L12,-4 L24,12 Z', fill: lighten(accent, 0.65) }),
          ],
          { transform: `${translate(500, 380)} rotate(8)` },
        )
      : '';
  return (
    floorShadow(canvas, 450, 650, 300, 30) +
    garmentPiece(crown, fabricFill(canvas, colour), colour) +
    line(seams.join(' '), darken(colour, 0.35), 3, { opacity: 0.5 }) +
    line(seams.join(' '), lighten(colour, 0.3), 1.5, {
      opacity: 0.4,
      transform: 'translate(4 0)',
    }) +
    tag('circle', { cx: 350, cy: 320, r: 6, fill: darken(colour, 0.4) }) +
    tag('circle', { cx: 456, cy: 318, r: 6, fill: darken(colour, 0.4) }) +
    patch +
    tag('path', {
      d: 'M200,472 C206,446 238,440 254,494 C232,490 214,484 200,472 Z',
      fill: darken(colour, 0.35),
    }) +
    tag('path', {
      d: brim,
      fill: darken(colour, 0.35),
      transform: 'translate(0 12)',
      ...stroked(colour),
    }) +
    garmentPiece(brim, fabricFill(canvas, lighten(colour, 0.05)), colour) +
    stitches('M318,512 C410,544 540,556 640,546 C710,534 738,514 734,498', colour) +
    stitches('M342,512 C420,536 540,544 630,534 C690,524 716,510 716,494', colour, 0.4) +
    tag('ellipse', {
      cx: 395,
      cy: 234,
      rx: 18,
      ry: 8,
      fill: fabricFill(canvas, colour),
      ...stroked(colour, 2.5),
    })
  );
}

function drawBucketHat(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const crown = 'M286,330 C320,312 480,312 514,330 L538,466 C460,490 340,490 262,466 Z';
  const brim =
    'M262,454 C340,478 460,478 538,454 C610,470 672,520 690,574 C570,626 230,626 110,574 ' +
    'C128,520 190,470 262,454 Z';
  const texture =
    canvas.detail === 'check'
      ? checkTexture(canvas, colour, accent)
      : canvas.detail === 'cord'
        ? cordTexture(canvas, colour)
        : weaveTexture(canvas, colour);
  return (
    floorShadow(canvas, 400, 654, 310, 34) +
    garmentPiece(brim, fabricFillAcross(canvas, colour, [110, 454, 690, 620]), colour, texture) +
    stitches('M136,562 C250,606 550,606 664,562', colour) +
    stitches('M166,538 C270,578 530,578 634,538', colour, 0.4) +
    garmentPiece(crown, fabricFill(canvas, colour), colour, texture) +
    tag('ellipse', {
      cx: 400,
      cy: 322,
      rx: 114,
      ry: 18,
      fill: lighten(colour, 0.1),
      ...stroked(colour),
    }) +
    tag('ellipse', { cx: 400, cy: 322, rx: 114, ry: 18, fill: texture }) +
    stitches('M266,444 C340,466 460,466 534,444', colour) +
    stitches('M292,352 C340,364 460,364 508,352', colour, 0.4) +
    tag('circle', {
      cx: 300,
      cy: 400,
      r: 7,
      fill: metalFill(canvas, '#c0c4c8'),
      ...stroked('#8a8e92', 2),
    }) +
    tag('circle', {
      cx: 500,
      cy: 400,
      r: 7,
      fill: metalFill(canvas, '#c0c4c8'),
      ...stroked('#8a8e92', 2),
    })
  );
}

function fringe(colour: string, x1: number, y1: number, x2: number, y2: number): string {
  const strands: string[] = [];
  for (let t = 0.04; t <= 0.97; t += 0.085) {
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    strands.push(`M${formatNumber(x)},${formatNumber(y)} l${formatNumber((t - 0.5) * 6)},34`);
  }
  return line(strands.join(' '), outlineOf(colour), 7) + line(strands.join(' '), colour, 4);
}

function drawScarf(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const texture =
    canvas.detail === 'check' ? checkTexture(canvas, colour, accent) : knitTexture(canvas, colour);
  const back = 'M246,262 C246,168 554,168 554,262 L522,276 C516,214 284,214 278,276 Z';
  const loopFront =
    'M246,262 C250,340 330,384 400,386 C470,384 550,340 554,262 L522,276 C510,330 456,352 400,352 C344,352 290,330 278,276 Z';
  const tailBack = 'M404,360 C430,420 470,520 492,608 L404,628 C396,540 380,440 364,368 Z';
  const tailFront = 'M378,366 C392,450 384,540 360,636 L268,616 C300,540 322,440 334,360 Z';
  const knot =
    'M338,350 C350,330 420,330 430,352 C438,378 420,402 384,404 C350,402 330,380 338,350 Z';
  const stripeBands =
    canvas.detail === 'stripe'
      ? [
          tag('path', { d: 'M290,566 L380,584 L375,604 L284,584 Z', fill: accent }),
          tag('path', { d: 'M297,540 L385,556 L383,566 L294,550 Z', fill: accent }),
          tag('path', { d: 'M408,588 L488,572 L492,590 L410,606 Z', fill: accent }),
          tag('path', { d: 'M404,560 L482,546 L484,556 L405,570 Z', fill: accent }),
        ]
      : [];
  return (
    floorShadow(canvas, 400, 690, 200, 24) +
    tag('path', { d: back, fill: fabricFill(canvas, darken(colour, 0.2)) }) +
    tag('path', { d: back, fill: texture }) +
    tag('path', { d: back, fill: 'none', ...stroked(colour) }) +
    garmentPiece(tailBack, fabricFill(canvas, darken(colour, 0.1)), colour, texture) +
    (stripeBands[2] ?? '') +
    (stripeBands[3] ?? '') +
    fringe(colour, 404, 628, 492, 608) +
    garmentPiece(loopFront, fabricFill(canvas, colour), colour, texture) +
    garmentPiece(tailFront, fabricFill(canvas, colour), colour, texture) +
    (stripeBands[0] ?? '') +
    (stripeBands[1] ?? '') +
    fringe(colour, 268, 616, 360, 636) +
    garmentPiece(knot, fabricFill(canvas, lighten(colour, 0.05)), colour, texture) +
    line('M350,366 C370,380 400,384 420,370', darken(colour, 0.4), 4, { opacity: 0.3 })
  );
}

function drawTote(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const body = 'M250,336 H550 L578,656 Q579,672 564,672 H236 Q221,672 222,656 Z';
  const handle = 'M312,336 C306,176 494,176 488,336';
  const frontHandle = 'M300,392 L300,340 C294,150 506,150 500,340 L500,392';
  const clip = clipTo(canvas, 'tote', tag('path', { d: body }));
  const feature =
    canvas.detail === 'stripe'
      ? group(
          [
            tag('rect', { x: 200, y: 520, width: 400, height: 44, fill: accent }),
            tag('rect', { x: 200, y: 574, width: 400, height: 10, fill: accent }),
          ],
          { 'clip-path': clip },
        )
      : canvas.detail === 'pocket'
        ? tag('path', {
            d: 'M312,480 H488 V600 Q488,612 476,612 H324 Q312,612 312,600 Z',
            fill: fabricFill(canvas, accent),
            ...stroked(accent, 2.5),
          }) + stitches('M312,496 H488', accent)
        : tag('rect', {
            x: 366,
            y: 440,
            width: 68,
            height: 44,
            rx: 6,
            fill: fabricFill(canvas, accent),
            ...stroked(accent, 2.5),
          }) +
          tag('rect', {
            x: 373,
            y: 447,
            width: 54,
            height: 30,
            rx: 4,
            fill: 'none',
            stroke: lighten(accent, 0.45),
            'stroke-width': 1.5,
            'stroke-dasharray': '4 3',
          });
  return (
    floorShadow(canvas, 400, 684, 250, 26) +
    line(handle, outlineOf(colour), 28) +
    line(handle, darken(colour, 0.22), 23) +
    garmentPiece(body, fabricFill(canvas, colour), colour, weaveTexture(canvas, colour)) +
    feature +
    tag('rect', {
      x: 250,
      y: 336,
      width: 300,
      height: 28,
      fill: darken(colour, 0.06),
      opacity: 0.6,
    }) +
    stitches('M254,364 H546', colour) +
    line(frontHandle, outlineOf(colour), 28) +
    line(frontHandle, fabricFill(canvas, colour), 23) +
    tag('rect', {
      x: 288,
      y: 360,
      width: 24,
      height: 32,
      fill: 'none',
      stroke: darken(colour, 0.35),
      'stroke-width': 2,
      'stroke-dasharray': '4 3',
      opacity: 0.6,
    }) +
    tag('rect', {
      x: 488,
      y: 360,
      width: 24,
      height: 32,
      fill: 'none',
      stroke: darken(colour, 0.35),
      'stroke-width': 2,
      'stroke-dasharray': '4 3',
      opacity: 0.6,
    }) +
    line('M232,640 L568,640', darken(colour, 0.35), 2, { 'stroke-dasharray': '7 6', opacity: 0.4 })
  );
}

/** Glove pieces are unioned by stroking them all first, then filling them all on top. */
function glove(canvas: Canvas, isMitten: boolean, isLeather: boolean): string {
  const { colour, accent } = canvas;
  const shapes = [
    tag('rect', { x: -74, y: -70, width: 148, height: 182, rx: 44 }),
    tag('rect', {
      x: -20,
      y: -112,
      width: 42,
      height: 120,
      rx: 21,
      transform: 'translate(-60 46) rotate(-40)',
    }),
    ...(isMitten
      ? [tag('rect', { x: -74, y: -214, width: 148, height: 220, rx: 72 })]
      : [
          [-74, -186],
          [-37, -214],
          [0, -206],
          [37, -170],
        ].map(([x = 0, y = 0]) => tag('rect', { x, y, width: 36, height: -y - 20, rx: 18 }))),
  ].join('');
  const fill = fabricFillAcross(canvas, colour, [-90, -220, 90, 200]);
  const cuffColour = isLeather ? colour : accent;
  const cuff = 'M-84,100 H84 V186 Q84,196 74,196 H-74 Q-84,196 -84,186 Z';
  return (
    group([shapes], {
      fill: outlineOf(colour),
      stroke: outlineOf(colour),
      'stroke-width': 6,
      'stroke-linejoin': 'round',
    }) +
    group([shapes], { fill }) +
    (isLeather
      ? line('M-30,-60 L-34,40 M0,-66 L0,40 M30,-60 L34,40', darken(colour, 0.4), 2.5, {
          'stroke-dasharray': '6 5',
          opacity: 0.6,
        }) + line('M-52,-150 V-60', WHITE, 5, { opacity: 0.25 })
      : group([shapes], { fill: knitTexture(canvas, colour) })) +
    (isLeather
      ? garmentPiece(cuff, fabricFill(canvas, darken(cuffColour, 0.08)), cuffColour)
      : ribbedBand(canvas, cuff, cuffColour))
  );
}

function drawGloves(canvas: Canvas): string {
  const isMitten = canvas.detail === 'mitten';
  const isLeather = canvas.detail === 'leather';
  return (
    floorShadow(canvas, 400, 690, 260, 28) +
    group([glove(canvas, isMitten, isLeather)], {
      transform: `${translate(318, 420)} rotate(-9) scale(-1 1)`,
    }) +
    group([glove(canvas, isMitten, isLeather)], { transform: `${translate(486, 446)} rotate(7)` })
  );
}

const SOCK =
  'M0,0 H124 V218 C124,238 138,250 160,250 H252 C298,250 316,304 298,334 C288,350 270,356 248,356 ' +
  'H74 C26,356 0,320 0,276 Z';

function sock(canvas: Canvas, shade: number): string {
  const { colour, accent } = canvas;
  const base = darken(colour, shade);
  const clip = clipTo(canvas, `sock-${shade}`, tag('path', { d: SOCK }));
  const pattern =
    canvas.detail === 'stripe'
      ? [64, 110, 156, 202]
          .map((y) => tag('rect', { x: -10, y, width: 140, height: 22, fill: accent }))
          .join('') +
        [176, 222]
          .map((x) => tag('rect', { x, y: 240, width: 22, height: 130, fill: accent }))
          .join('')
      : canvas.detail === 'dots'
        ? Array.from({ length: 18 }, (_, index) => {
            const x = 22 + (index % 3) * 40 + (Math.floor(index / 3) % 2) * 20;
            const y = 86 + Math.floor(index / 3) * 34;
            return y < 240 ? tag('circle', { cx: x, cy: y, r: 7, fill: accent }) : '';
          }).join('')
        : '';
  return (
    tag('path', { d: SOCK, fill: fabricFill(canvas, base) }) +
    group(
      [
        pattern,
        tag('path', { d: 'M-10,262 C40,262 96,300 100,370 H-10 Z', fill: accent }),
        tag('path', { d: 'M262,240 C240,280 238,330 262,370 H330 V240 Z', fill: accent }),
        tag('path', { d: SOCK, fill: knitTexture(canvas, base) }),
        tag('rect', { x: 0, y: 0, width: 124, height: 52, fill: ribTexture(canvas, base) }),
      ],
      { 'clip-path': clip },
    ) +
    line('M0,52 H124', darken(base, 0.4), 2, { opacity: 0.4 }) +
    tag('path', { d: SOCK, fill: 'none', ...stroked(base) })
  );
}

function drawSocks(canvas: Canvas): string {
  return (
    floorShadow(canvas, 420, 650, 250, 28) +
    group([sock(canvas, 0.12)], { transform: `${translate(222, 182)} rotate(-4)` }) +
    group([sock(canvas, 0)], { transform: `${translate(300, 250)} rotate(3)` })
  );
}

// ---------------------------------------------------------------------------------------------

const DRAWERS: Record<ArtKind, (canvas: Canvas) => string> = {
  pendant: drawPendant,
  chain: drawChain,
  beanie: drawBeanie,
  cap: drawCap,
  'bucket-hat': drawBucketHat,
  tshirt: drawTshirt,
  jumper: drawJumper,
  scarf: drawScarf,
  tote: drawTote,
  bracelet: drawBracelet,
  earrings: drawEarrings,
  ring: drawRing,
  gloves: drawGloves,
  socks: drawSocks,
};

// Drawings are sketched at a common size; small items are enlarged so every product fills a
// similar share of the frame in the shop grid.
const KIND_SCALE: Record<ArtKind, number> = {
  pendant: 1,
  chain: 1,
  beanie: 1.12,
  cap: 1.08,
  'bucket-hat': 1.1,
  tshirt: 1.1,
  jumper: 1.04,
  scarf: 1.2,
  tote: 1.1,
  bracelet: 1.15,
  earrings: 1.25,
  ring: 1.2,
  gloves: 1.1,
  socks: 1.15,
};
const SCALE_CENTRE = { x: 400, y: 430 };

function backdrop(canvas: Canvas): string {
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

/** Draws a product picture as a standalone 800×800 SVG document. */
export function drawProductSvg(art: ArtSpec): string {
  const canvas = createCanvas(art);
  const background = backdrop(canvas);
  const scale = KIND_SCALE[art.kind];
  const product = group([DRAWERS[art.kind](canvas)], {
    transform: scale === 1 ? undefined : scaleAbout(SCALE_CENTRE, scale),
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<defs>${[...canvas.defs.values()].join('')}</defs>${background}${product}</svg>`
  );
}
