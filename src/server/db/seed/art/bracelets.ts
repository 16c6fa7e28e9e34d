import { floorShadow, type Canvas } from './canvas';
import { drawLinks } from './chain-links';
import { ellipsePolyline, evenlySpaced, placeAlong, polylineLength } from './geometry';
import { bezelGem, gemFill, metalFill } from './metal-and-gems';
import { WHITE, darken, lighten, line, outlinedWire, outlineOf, stroked, tag } from './svg';

// Bracelets lie flat, seen from above at an angle: an ellipse, back half first.

export function drawBracelet(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const cx = 400;
  const cy = 430;
  const rx = 230;
  const ry = 112;
  const shadow = floorShadow(canvas, 400, 600, 290, 50);
  if (canvas.detail === 'bangle') {
    const depth = 44;
    const front = `M${cx - rx},${cy} A${rx},${ry} 0 0 0 ${cx + rx},${cy} L${cx + rx},${cy + depth} A${rx},${ry} 0 0 1 ${cx - rx},${cy + depth} Z`;
    const back = `M${cx - rx + 14},${cy} A${rx - 14},${ry - 10} 0 0 1 ${cx + rx - 14},${cy} L${cx + rx - 14},${cy + depth} A${rx - 14},${ry - 10} 0 0 0 ${cx - rx + 14},${cy + depth} Z`;
    return (
      shadow +
      tag('path', {
        d: back,
        fill: metalFill(canvas, darken(colour, 0.15), true),
        ...stroked(colour, 3),
      }) +
      tag('path', { d: front, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
      outlinedWire(
        'ellipse',
        { cx, cy, rx: rx - 7, ry: ry - 5 },
        { colour: outlineOf(colour), width: 18 },
        { colour: metalFill(canvas, lighten(colour, 0.1)), width: 13 },
      ) +
      line(
        `M${cx - 150},${cy + ry + 8} Q${cx},${cy + ry + 44} ${cx + 150},${cy + ry + 8}`,
        WHITE,
        6,
        { opacity: 0.45 },
      )
    );
  }
  const points = ellipsePolyline(cx, cy, rx, ry);
  if (canvas.detail === 'beaded') {
    const beads = placeAlong(points, evenlySpaced(polylineLength(points), 44, 0))
      .map((place) => ({ ...place, depth: (place.y - (cy - ry)) / (2 * ry) }))
      .sort((a, b) => a.y - b.y);
    return (
      shadow +
      beads
        .map((bead, index) => {
          const r = 19 + bead.depth * 6;
          const beadColour = index % 5 === 0 ? colour : accent;
          return tag('circle', {
            cx: bead.x,
            cy: bead.y,
            r,
            fill: beadColour === colour ? metalFill(canvas, colour) : gemFill(canvas, accent),
            ...stroked(beadColour, 2),
          });
        })
        .join('')
    );
  }
  return (
    shadow +
    drawLinks(canvas, points, 'curb', 0.9) +
    bezelGem(canvas, cx, cy + ry + 18, 14, colour, accent)
  );
}
