import { clipTo, floorShadow, type Canvas } from './canvas';
import { fabricFill } from './cloth';
import { knitTexture, ribTexture } from './cloth-textures';
import { darken, group, line, stroked, tag, translate } from './svg';

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

export function drawSocks(canvas: Canvas): string {
  return (
    floorShadow(canvas, 420, 650, 250, 28) +
    group([sock(canvas, 0.12)], { transform: `${translate(222, 182)} rotate(-4)` }) +
    group([sock(canvas, 0)], { transform: `${translate(300, 250)} rotate(3)` })
  );
}
