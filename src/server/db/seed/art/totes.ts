import { clipTo, floorShadow, type Canvas } from './canvas';
import { fabricFill, garmentPiece } from './cloth';
import { weaveTexture } from './cloth-textures';
import { darken, group, lighten, line, outlineOf, stitches, stroked, tag } from './svg';

export function drawTote(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const body = 'M250,336 H550 L578,656 Q579,672 564,672 H236 Q221,672 222,656 Z';
  const handle = 'M312,336 C306,176 494,176 488,336';
  const frontHandle = 'M300,392 L300,340 C294,150 506,150 500,340 L500,392';
  const clip = clipTo(canvas, 'tote', tag('path', { d: body }));
  const feature =
    canvas.detail === 'stripe'
      ? group(
          [
            tag('rect', { x: 200, y: 520, width: 400, height: 44, fill: accent }),
            tag('rect', { x: 200, y: 574, width: 400, height: 10, fill: accent }),
          ],
          { 'clip-path': clip },
        )
      : canvas.detail === 'pocket'
        ? tag('path', {
            d: 'M312,480 H488 V600 Q488,612 476,612 H324 Q312,612 312,600 Z',
            fill: fabricFill(canvas, accent),
            ...stroked(accent, 2.5),
          }) + stitches('M312,496 H488', accent)
        : tag('rect', {
            x: 366,
            y: 440,
            width: 68,
            height: 44,
            rx: 6,
            fill: fabricFill(canvas, accent),
            ...stroked(accent, 2.5),
          }) +
          tag('rect', {
            x: 373,
            y: 447,
            width: 54,
            height: 30,
            rx: 4,
            fill: 'none',
            stroke: lighten(accent, 0.45),
            'stroke-width': 1.5,
            'stroke-dasharray': '4 3',
          });
  const handleStitching = [288, 488]
    .map((x) =>
      tag('rect', {
        x,
        y: 360,
        width: 24,
        height: 32,
        fill: 'none',
        stroke: darken(colour, 0.35),
        'stroke-width': 2,
        'stroke-dasharray': '4 3',
        opacity: 0.6,
      }),
    )
    .join('');
  return (
    floorShadow(canvas, 400, 684, 250, 26) +
    line(handle, outlineOf(colour), 28) +
    line(handle, darken(colour, 0.22), 23) +
    garmentPiece(body, fabricFill(canvas, colour), colour, weaveTexture(canvas, colour)) +
    feature +
    tag('rect', {
      x: 250,
      y: 336,
      width: 300,
      height: 28,
      fill: darken(colour, 0.06),
      opacity: 0.6,
    }) +
    stitches('M254,364 H546', colour) +
    line(frontHandle, outlineOf(colour), 28) +
    line(frontHandle, fabricFill(canvas, colour), 23) +
    handleStitching +
    line('M232,640 L568,640', darken(colour, 0.35), 2, { 'stroke-dasharray': '7 6', opacity: 0.4 })
  );
}
