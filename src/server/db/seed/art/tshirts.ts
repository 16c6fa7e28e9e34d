import { clipTo, floorShadow, type Canvas } from './canvas';
import { fabricFill } from './cloth';
import {
  darken,
  group,
  lighten,
  line,
  mirrorPath,
  outlineOf,
  stitches,
  stroked,
  tag,
  translate,
} from './svg';

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

export function drawTshirt(canvas: Canvas): string {
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
