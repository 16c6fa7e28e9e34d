import { clipTo, floorShadow, type Canvas } from './canvas';
import { fabricFill, ribbedBand } from './cloth';
import { knitTexture } from './cloth-textures';
import { darken, group, lighten, line, mirrorPath, outlineOf, stroked, tag } from './svg';

const JUMPER_BODY =
  'M340,168 C362,182 438,182 460,168 L562,198 C598,210 618,234 628,268 L680,528 L614,548 ' +
  'L558,336 L556,604 L244,604 L242,336 L186,548 L120,528 L172,268 C182,234 202,210 238,198 Z';

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

export function drawJumper(canvas: Canvas): string {
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
            ...[400, 322, 478].map((x) => cableColumn(canvas, x, 236, 596)),
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
