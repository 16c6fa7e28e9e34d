import { floorShadow, type Canvas } from './canvas';
import { gemFill, glint, metalFill, sparkle } from './metal-and-gems';
import { WHITE, darken, ellipsePath, lighten, line, mix, outlineOf, stroked, tag } from './svg';

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

export function drawRing(canvas: Canvas): string {
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
