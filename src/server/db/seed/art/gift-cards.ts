import { floorShadow, type Canvas } from './canvas';
import { darken, lighten, tag } from './svg';

/** A gift card in the shop's colours, tied with a ribbon and a bow, a little tilted. */
export function drawGiftCard(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const card = { x: 160, y: 250, width: 480, height: 300 };
  const ribbonX = card.x + 330;
  return (
    floorShadow(canvas, 400, 610, 260, 26) +
    tag(
      'g',
      { transform: 'rotate(-6 400 400)' },
      tag('rect', {
        ...card,
        rx: 28,
        fill: colour,
        ...{ stroke: darken(colour, 0.3) },
        'stroke-width': 3,
      }) +
        tag('rect', {
          x: card.x + 24,
          y: card.y + 24,
          width: card.width - 48,
          height: card.height - 48,
          rx: 18,
          fill: 'none',
          stroke: lighten(colour, 0.35),
          'stroke-width': 2,
        }) +
        tag('rect', { x: ribbonX, y: card.y, width: 34, height: card.height, fill: accent }) +
        tag('rect', { x: card.x, y: card.y + 190, width: card.width, height: 30, fill: accent }) +
        tag('ellipse', {
          cx: ribbonX - 22,
          cy: card.y + 186,
          rx: 46,
          ry: 24,
          fill: darken(accent, 0.12),
          transform: `rotate(-25 ${ribbonX - 22} ${card.y + 186})`,
        }) +
        tag('ellipse', {
          cx: ribbonX + 56,
          cy: card.y + 186,
          rx: 46,
          ry: 24,
          fill: darken(accent, 0.12),
          transform: `rotate(25 ${ribbonX + 56} ${card.y + 186})`,
        }) +
        tag('circle', { cx: ribbonX + 17, cy: card.y + 203, r: 20, fill: accent }) +
        tag('rect', {
          x: card.x + 60,
          y: card.y + 70,
          width: 190,
          height: 22,
          rx: 11,
          fill: lighten(colour, 0.4),
        }) +
        tag('rect', {
          x: card.x + 60,
          y: card.y + 110,
          width: 120,
          height: 16,
          rx: 8,
          fill: lighten(colour, 0.25),
        }),
    )
  );
}
