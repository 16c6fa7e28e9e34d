import { colourKey, defineOnce, type Canvas } from './canvas';
import { darken, lighten, line, tag } from './svg';

// Textures are patterns laid over a gradient-filled shape.

export function knitTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `knit-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 14, height: 12, patternUnits: 'userSpaceOnUse' },
      line('M1,1 L7,10 L13,1', darken(colour, 0.45), 2, { opacity: 0.22 }) +
        line('M2,0 L7,7', lighten(colour, 0.4), 1.5, { opacity: 0.25 }),
    ),
  );
}

export function ribTexture(canvas: Canvas, colour: string, angle = 0): string {
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

export function weaveTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `weave-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
      line('M0,2 H8', darken(colour, 0.4), 1.2, { opacity: 0.14 }) +
        line('M5,0 V8', darken(colour, 0.4), 1.2, { opacity: 0.1 }),
    ),
  );
}

export function checkTexture(canvas: Canvas, colour: string, accent: string): string {
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

export function cordTexture(canvas: Canvas, colour: string): string {
  return defineOnce(canvas, `cord-${colourKey(colour)}`, (id) =>
    tag(
      'pattern',
      { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse' },
      tag('rect', { x: 0, y: 0, width: 5, height: 12, fill: darken(colour, 0.4), opacity: 0.2 }) +
        tag('rect', { x: 7, y: 0, width: 3, height: 12, fill: lighten(colour, 0.5), opacity: 0.2 }),
    ),
  );
}
