import { floorShadow, type Canvas } from './canvas';
import { bezelGem, gemFill, metalFill, sparkle } from './metal-and-gems';
import { WHITE, ellipsePath, lighten, line, outlineOf, scaleAbout, stroked, tag } from './svg';

export function drawEarrings(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const shadow = floorShadow(canvas, 400, 690, 250, 24);
  const pair = (draw: (cx: number) => string): string => draw(285) + draw(515);
  if (canvas.detail === 'stud') {
    return (
      shadow +
      pair(
        (cx) =>
          tag('rect', {
            x: cx - 5,
            y: 470,
            width: 10,
            height: 70,
            rx: 5,
            fill: metalFill(canvas, colour),
            ...stroked(colour, 2),
          }) + bezelGem(canvas, cx, 450, 62, colour, accent),
      )
    );
  }
  if (canvas.detail === 'drop') {
    return (
      shadow +
      pair((cx) => {
        const hook = `M${cx},330 C${cx},280 ${cx - 40},250 ${cx - 52},282 C${cx - 60},302 ${cx - 48},330 ${cx - 40},352`;
        const drop = `M${cx},420 C${cx + 22},452 ${cx + 44},480 ${cx + 44},510 A44,44 0 0 1 ${cx - 44},510 C${cx - 44},480 ${cx - 22},452 ${cx},420 Z`;
        return (
          line(hook, outlineOf(colour), 8) +
          line(hook, lighten(colour, 0.2), 4.5) +
          line(`M${cx},330 L${cx},392`, outlineOf(colour), 8) +
          line(`M${cx},330 L${cx},392`, lighten(colour, 0.2), 4.5) +
          tag('circle', {
            cx,
            cy: 402,
            r: 14,
            fill: metalFill(canvas, colour),
            ...stroked(colour, 2.5),
          }) +
          tag('path', { d: drop, fill: metalFill(canvas, colour), ...stroked(colour, 2.5) }) +
          tag('path', {
            d: drop,
            fill: gemFill(canvas, accent),
            transform: scaleAbout({ x: cx, y: 495 }, 0.78),
            ...stroked(accent, 2),
          }) +
          sparkle(cx - 12, 478, 12)
        );
      })
    );
  }
  return (
    shadow +
    pair((cx) => {
      const hoop = ellipsePath(cx, 450, 92, 112);
      return (
        tag('path', { d: hoop, fill: 'none', stroke: outlineOf(colour), 'stroke-width': 26 }) +
        tag('path', {
          d: hoop,
          fill: 'none',
          stroke: metalFill(canvas, colour),
          'stroke-width': 20,
        }) +
        line(`M${cx - 70},392 A92,112 0 0 1 ${cx},338`, WHITE, 4, { opacity: 0.6 }) +
        line(`M${cx + 6},332 L${cx + 18},324`, outlineOf(colour), 6)
      );
    })
  );
}
