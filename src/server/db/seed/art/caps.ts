import { floorShadow, type Canvas } from './canvas';
import { fabricFill, garmentPiece } from './cloth';
import { darken, group, lighten, line, stitches, stroked, tag, translate } from './svg';

export function drawCap(canvas: Canvas): string {
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
  const eyelets = [
    { cx: 350, cy: 320 },
    { cx: 456, cy: 318 },
  ]
    .map(({ cx, cy }) => tag('circle', { cx, cy, r: 6, fill: darken(colour, 0.4) }))
    .join('');
  return (
    floorShadow(canvas, 450, 650, 300, 30) +
    garmentPiece(crown, fabricFill(canvas, colour), colour) +
    line(seams.join(' '), darken(colour, 0.35), 3, { opacity: 0.5 }) +
    line(seams.join(' '), lighten(colour, 0.3), 1.5, {
      opacity: 0.4,
      transform: 'translate(4 0)',
    }) +
    eyelets +
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
