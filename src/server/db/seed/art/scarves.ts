import { floorShadow, type Canvas } from './canvas';
import { fabricFill, garmentPiece } from './cloth';
import { checkTexture, knitTexture } from './cloth-textures';
import { darken, formatNumber, lighten, line, outlineOf, stroked, tag } from './svg';

function fringe(colour: string, x1: number, y1: number, x2: number, y2: number): string {
  const strands: string[] = [];
  for (let t = 0.04; t <= 0.97; t += 0.085) {
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    strands.push(`M${formatNumber(x)},${formatNumber(y)} l${formatNumber((t - 0.5) * 6)},34`);
  }
  return line(strands.join(' '), outlineOf(colour), 7) + line(strands.join(' '), colour, 4);
}

export function drawScarf(canvas: Canvas): string {
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
