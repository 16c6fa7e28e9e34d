import { floorShadow, type Canvas } from './canvas';
import { fabricFill, fabricFillAcross, garmentPiece } from './cloth';
import { checkTexture, cordTexture, weaveTexture } from './cloth-textures';
import { metalFill } from './metal-and-gems';
import { lighten, stitches, stroked, tag } from './svg';

export function drawBucketHat(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const crown = 'M286,330 C320,312 480,312 514,330 L538,466 C460,490 340,490 262,466 Z';
  const brim =
    'M262,454 C340,478 460,478 538,454 C610,470 672,520 690,574 C570,626 230,626 110,574 ' +
    'C128,520 190,470 262,454 Z';
  const texture =
    canvas.detail === 'check'
      ? checkTexture(canvas, colour, accent)
      : canvas.detail === 'cord'
        ? cordTexture(canvas, colour)
        : weaveTexture(canvas, colour);
  return (
    floorShadow(canvas, 400, 654, 310, 34) +
    garmentPiece(brim, fabricFillAcross(canvas, colour, [110, 454, 690, 620]), colour, texture) +
    stitches('M136,562 C250,606 550,606 664,562', colour) +
    stitches('M166,538 C270,578 530,578 634,538', colour, 0.4) +
    garmentPiece(crown, fabricFill(canvas, colour), colour, texture) +
    tag('ellipse', {
      cx: 400,
      cy: 322,
      rx: 114,
      ry: 18,
      fill: lighten(colour, 0.1),
      ...stroked(colour),
    }) +
    tag('ellipse', { cx: 400, cy: 322, rx: 114, ry: 18, fill: texture }) +
    stitches('M266,444 C340,466 460,466 534,444', colour) +
    stitches('M292,352 C340,364 460,364 508,352', colour, 0.4) +
    [300, 500]
      .map((cx) =>
        tag('circle', {
          cx,
          cy: 400,
          r: 7,
          fill: metalFill(canvas, '#c0c4c8'),
          ...stroked('#8a8e92', 2),
        }),
      )
      .join('')
  );
}
