import { floorShadow, type Canvas } from './canvas';
import { fabricFill, fabricFillAcross, garmentPiece, ribbedBand } from './cloth';
import { knitTexture } from './cloth-textures';
import { WHITE, darken, group, line, outlineOf, tag, translate } from './svg';

/** Glove pieces are unioned by stroking them all first, then filling them all on top. */
function glove(canvas: Canvas, isMitten: boolean, isLeather: boolean): string {
  const { colour, accent } = canvas;
  const shapes = [
    tag('rect', { x: -74, y: -70, width: 148, height: 182, rx: 44 }),
    tag('rect', {
      x: -20,
      y: -112,
      width: 42,
      height: 120,
      rx: 21,
      transform: 'translate(-60 46) rotate(-40)',
    }),
    ...(isMitten
      ? [tag('rect', { x: -74, y: -214, width: 148, height: 220, rx: 72 })]
      : [
          [-74, -186],
          [-37, -214],
          [0, -206],
          [37, -170],
        ].map(([x = 0, y = 0]) => tag('rect', { x, y, width: 36, height: -y - 20, rx: 18 }))),
  ].join('');
  const fill = fabricFillAcross(canvas, colour, [-90, -220, 90, 200]);
  const cuffColour = isLeather ? colour : accent;
  const cuff = 'M-84,100 H84 V186 Q84,196 74,196 H-74 Q-84,196 -84,186 Z';
  return (
    group([shapes], {
      fill: outlineOf(colour),
      stroke: outlineOf(colour),
      'stroke-width': 6,
      'stroke-linejoin': 'round',
    }) +
    group([shapes], { fill }) +
    (isLeather
      ? line('M-30,-60 L-34,40 M0,-66 L0,40 M30,-60 L34,40', darken(colour, 0.4), 2.5, {
          'stroke-dasharray': '6 5',
          opacity: 0.6,
        }) + line('M-52,-150 V-60', WHITE, 5, { opacity: 0.25 })
      : group([shapes], { fill: knitTexture(canvas, colour) })) +
    (isLeather
      ? garmentPiece(cuff, fabricFill(canvas, darken(cuffColour, 0.08)), cuffColour)
      : ribbedBand(canvas, cuff, cuffColour))
  );
}

export function drawGloves(canvas: Canvas): string {
  const isMitten = canvas.detail === 'mitten';
  const isLeather = canvas.detail === 'leather';
  return (
    floorShadow(canvas, 400, 690, 260, 28) +
    group([glove(canvas, isMitten, isLeather)], {
      transform: `${translate(318, 420)} rotate(-9) scale(-1 1)`,
    }) +
    group([glove(canvas, isMitten, isLeather)], { transform: `${translate(486, 446)} rotate(7)` })
  );
}
