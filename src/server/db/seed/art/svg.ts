import type { Point } from './geometry';

export const SIZE = 800;
// Shading mixes towards a warm near-black rather than pure black, so shadows and outlines
// stay in the same family as the beige backdrop.
const INK = '#2b2119';
export const WHITE = '#ffffff';
const FALLBACK_COLOUR = '#9a948c';

// Colours

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1] ?? FALLBACK_COLOUR.slice(1);
  const full = digits.length === 3 ? digits.replace(/./g, (digit) => digit + digit) : digits;
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex(rgb: Rgb): string {
  const channel = (value: number): string =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${rgb.map(channel).join('')}`;
}

export function mix(from: string, to: string, amount: number): string {
  const [r1, g1, b1] = parseHex(from);
  const [r2, g2, b2] = parseHex(to);
  return toHex([r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount]);
}

export function lighten(hex: string, amount: number): string {
  return mix(hex, WHITE, amount);
}

export function darken(hex: string, amount: number): string {
  return mix(hex, INK, amount);
}

export function outlineOf(hex: string): string {
  return darken(hex, 0.55);
}

// Markup

type AttrValue = string | number | undefined;
export type Attrs = Record<string, AttrValue>;

export function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function renderAttrs(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? formatNumber(value) : value}"`)
    .join('');
}

export function tag(name: string, attrs: Attrs, children = ''): string {
  const rendered = renderAttrs(attrs);
  return children === '' ? `<${name}${rendered}/>` : `<${name}${rendered}>${children}</${name}>`;
}

export function group(children: string[], attrs: Attrs = {}): string {
  return `<g${renderAttrs(attrs)}>${children.join('')}</g>`;
}

export function stroked(colour: string, width = 3): Attrs {
  return {
    stroke: outlineOf(colour),
    'stroke-width': width,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  };
}

/** An unfilled shape drawn as a wire: stroked wide in a dark outline, then narrower on top. */
export function outlinedWire(
  name: string,
  shape: Attrs,
  outline: { colour: string; width: number },
  wire: { colour: string; width: number },
): string {
  return (
    tag(name, { ...shape, fill: 'none', stroke: outline.colour, 'stroke-width': outline.width }) +
    tag(name, { ...shape, fill: 'none', stroke: wire.colour, 'stroke-width': wire.width })
  );
}

export function line(d: string, colour: string, width: number, extra: Attrs = {}): string {
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

export function stitches(d: string, colour: string, opacity = 0.55): string {
  return line(d, darken(colour, 0.35), 2, { 'stroke-dasharray': '7 6', opacity });
}

export function translate(x: number, y: number): string {
  return `translate(${formatNumber(x)} ${formatNumber(y)})`;
}

/** Scales about a point; `to` lets the drawing move so that point lands somewhere else. */
export function scaleAbout(from: Point, factor: number, to = from): string {
  return `${translate(to.x, to.y)} scale(${formatNumber(factor)}) ${translate(-from.x, -from.y)}`;
}

// Path data

export function polylinePath(points: readonly Point[]): string {
  return points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${formatNumber(point.x)},${formatNumber(point.y)}`,
    )
    .join(' ');
}

export function mirrorPath(d: string): string {
  // Only absolute M/L/C/Q/Z commands with x,y pairs are used in mirrored shapes.
  return d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => {
    return `${formatNumber(SIZE - Number(x))},${y}`;
  });
}

export function starPath(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const theta = -Math.PI / 2 + (index * Math.PI) / points;
    return { x: cx + radius * Math.cos(theta), y: cy + radius * Math.sin(theta) };
  });
  return `${polylinePath(corners)} Z`;
}

export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx},${cy} A${rx},${ry} 0 1 0 ${cx + rx},${cy} A${rx},${ry} 0 1 0 ${cx - rx},${cy} Z`;
}
