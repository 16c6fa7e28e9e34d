import { colourKey, linearGradient, type Canvas } from './canvas';
import { ribTexture } from './cloth-textures';
import { darken, lighten, stroked, tag, type Attrs } from './svg';

/** Soft top-left light for cloth. */
export function fabricFill(canvas: Canvas, colour: string): string {
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
export function fabricFillAcross(
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

/** A path filled with a gradient, optionally overlaid with a texture, then outlined. */
export function garmentPiece(
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

export function ribbedBand(canvas: Canvas, d: string, colour: string, angle = 0): string {
  return garmentPiece(
    d,
    fabricFill(canvas, darken(colour, 0.06)),
    colour,
    ribTexture(canvas, colour, angle),
  );
}
