import type { Canvas } from './canvas';
import { circleIntersections, type Point } from './geometry';
import { bezelGem, gemFill, glint, metalFill, pearlFill, sparkle } from './metal-and-gems';
import { jumpRing, polishedShape } from './pendant-parts';
import {
  WHITE,
  darken,
  ellipsePath,
  formatNumber,
  line,
  scaleAbout,
  starPath,
  stroked,
  tag,
} from './svg';

// Each shape hangs from (400, 352); drawPendant enlarges it onto the chain.

export function heartPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const d =
    'M400,572 C334,524 300,486 300,442 C300,408 326,384 356,384 C378,384 393,397 400,414 ' +
    'C407,397 422,384 444,384 C474,384 500,408 500,442 C500,486 466,524 400,572 Z';
  return (
    jumpRing(canvas, colour, 400, 372) +
    polishedShape(canvas, d, colour, { x: 400, y: 470 }, 0.8) +
    glint(352, 420, 18, 7, -40)
  );
}

function moonPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const outer = { x: 400, y: 474, r: 92 };
  const cut = { x: 446, y: 450, r: 76 };
  const [upper, lower] = circleIntersections(outer, cut);
  const pt = (point: Point): string => `${formatNumber(point.x)},${formatNumber(point.y)}`;
  const d = `M${pt(upper)} A${outer.r},${outer.r} 0 1 0 ${pt(lower)} A${cut.r},${cut.r} 0 0 1 ${pt(upper)} Z`;
  return (
    jumpRing(canvas, colour, 392, 372) +
    polishedShape(canvas, d, colour, { x: 370, y: 480 }, 0.86) +
    (canvas.hasAccent ? bezelGem(canvas, 334, 500, 11, colour, accent) : '') +
    glint(340, 440, 16, 6, -60)
  );
}

function starPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const d = starPath(400, 482, 100, 44);
  return (
    jumpRing(canvas, colour, 400, 372) +
    tag('path', { d, fill: metalFill(canvas, colour), ...stroked(colour, 3), 'stroke-width': 4 }) +
    // Facet lines from the centre to every point give the star a carved, three-dimensional look.
    line(
      Array.from({ length: 10 }, (_, index) => {
        const radius = index % 2 === 0 ? 100 : 44;
        const theta = -Math.PI / 2 + (index * Math.PI) / 5;
        return `M400,482 L${formatNumber(400 + radius * Math.cos(theta))},${formatNumber(482 + radius * Math.sin(theta))}`;
      }).join(' '),
      darken(colour, 0.35),
      1.6,
      { opacity: 0.55 },
    ) +
    tag('path', {
      d: 'M400,482 L400,382 L414,421 Z M400,482 L495,451 L452,482 Z M400,482 L341,563 L356,523 Z',
      fill: WHITE,
      opacity: 0.3,
    })
  );
}

function discPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const centre = { x: 400, y: 470 };
  const engraved = Array.from({ length: 12 }, (_, index) => {
    const theta = (index * Math.PI) / 6;
    const x = 400 + 60 * Math.cos(theta);
    const y = 470 + 60 * Math.sin(theta);
    return tag('circle', { cx: x, cy: y, r: 3, fill: darken(colour, 0.3), opacity: 0.5 });
  }).join('');
  return (
    jumpRing(canvas, colour, 400, 372) +
    polishedShape(canvas, ellipsePath(centre.x, centre.y, 90, 90), colour, centre, 0.86) +
    engraved +
    bezelGem(canvas, 400, 470, 16, colour, accent) +
    glint(350, 420, 22, 8, -45)
  );
}

/** A plain polished disc, engraved with a fine border and two initials joined by an ampersand. */
function engravedDiscPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const centre = { x: 400, y: 470 };
  const cut = darken(colour, 0.45);
  // Script strokes, not lettering: an engraving the eye reads as initials at any size.
  const initials = [
    'M352,500 C356,470 366,446 374,440 C382,446 390,476 396,500 M360,480 L390,480',
    'M404,470 C396,458 414,450 418,462 C420,472 402,480 404,494 C406,504 426,502 436,486',
    'M446,446 C450,470 452,492 440,504 C432,510 424,502 426,494',
  ].join(' ');
  return (
    jumpRing(canvas, colour, 400, 372) +
    polishedShape(canvas, ellipsePath(centre.x, centre.y, 90, 90), colour, centre, 0.9) +
    tag('circle', {
      cx: 400,
      cy: 470,
      r: 74,
      fill: 'none',
      stroke: cut,
      'stroke-width': 1.6,
      opacity: 0.45,
    }) +
    line(initials, cut, 4, {
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      opacity: 0.7,
    }) +
    line(initials, WHITE, 1.2, { transform: 'translate(1.5,1.5)', opacity: 0.4 }) +
    glint(352, 418, 22, 8, -45)
  );
}

function teardropPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const outer = 'M400,380 C430,430 478,474 478,520 A78,78 0 0 1 322,520 C322,474 370,430 400,380 Z';
  const innerTransform = scaleAbout({ x: 400, y: 505 }, 0.76);
  return (
    jumpRing(canvas, colour, 400, 370) +
    tag('path', { d: outer, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
    tag('path', {
      d: outer,
      fill: gemFill(canvas, accent),
      transform: innerTransform,
      ...stroked(accent, 2),
    }) +
    line('M400,420 L400,560 M360,490 L400,540 L440,490 M370,530 L400,440 L430,530', WHITE, 1.4, {
      opacity: 0.35,
    }) +
    sparkle(378, 470, 16) +
    glint(356, 520, 10, 22, 20)
  );
}

function barPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  const d = 'M378,384 H422 V604 Q422,612 414,612 H386 Q378,612 378,604 Z';
  return (
    jumpRing(canvas, colour, 400, 372) +
    tag('path', { d, fill: metalFill(canvas, colour), ...stroked(colour, 3) }) +
    tag('rect', { x: 386, y: 392, width: 10, height: 210, rx: 5, fill: WHITE, opacity: 0.4 }) +
    (canvas.hasAccent ? bezelGem(canvas, 400, 586, 9, colour, accent) : '')
  );
}

function pearlPendant(canvas: Canvas): string {
  const { colour } = canvas;
  const pearlColour = canvas.hasAccent ? canvas.accent : '#efe8dc';
  return (
    jumpRing(canvas, colour, 400, 370) +
    tag('circle', {
      cx: 400,
      cy: 478,
      r: 70,
      fill: pearlFill(canvas, pearlColour),
      ...stroked(pearlColour, 2.5),
    }) +
    tag('circle', {
      cx: 400,
      cy: 478,
      r: 70,
      fill: 'none',
      stroke: '#c9b8e0',
      'stroke-width': 6,
      opacity: 0.18,
    }) +
    tag('path', {
      d: 'M372,404 Q400,386 428,404 L422,418 Q400,408 378,418 Z',
      fill: metalFill(canvas, colour),
      ...stroked(colour, 2.5),
    }) +
    glint(372, 448, 18, 10, -40)
  );
}

function gemPendant(canvas: Canvas): string {
  const { colour, accent } = canvas;
  return jumpRing(canvas, colour, 400, 372) + bezelGem(canvas, 400, 452, 54, colour, accent);
}

export const PENDANT_SHAPES: Record<string, (canvas: Canvas) => string> = {
  heart: heartPendant,
  moon: moonPendant,
  star: starPendant,
  disc: discPendant,
  'engraved-disc': engravedDiscPendant,
  teardrop: teardropPendant,
  bar: barPendant,
  pearl: pearlPendant,
  gem: gemPendant,
};
