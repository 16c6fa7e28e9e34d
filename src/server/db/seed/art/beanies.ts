import { clipTo, floorShadow, type Canvas } from './canvas';
import { fabricFill, garmentPiece } from './cloth';
import { knitTexture } from './cloth-textures';
import type { Point } from './geometry';
import { darken, formatNumber, group, lighten, line, stroked, tag } from './svg';

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

export function drawBeanie(canvas: Canvas): string {
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
