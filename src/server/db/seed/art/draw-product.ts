import { drawGiftCard } from './gift-cards';
import { drawBeanie } from './beanies';
import { drawBracelet } from './bracelets';
import { drawBucketHat } from './bucket-hats';
import { backdrop, type Canvas } from './canvas';
import { drawCap } from './caps';
import { drawChain } from './chains';
import { drawEarrings } from './earrings';
import { drawGloves } from './gloves';
import { drawJumper } from './jumpers';
import { drawPendant } from './pendants';
import { drawRing } from './rings';
import { drawScarf } from './scarves';
import { drawSocks } from './socks';
import type { Point } from './geometry';
import { SIZE, group, parseHex, scaleAbout, toHex } from './svg';
import { drawTote } from './totes';
import { drawTshirt } from './tshirts';

type ArtKind =
  | 'pendant'
  | 'chain'
  | 'beanie'
  | 'cap'
  | 'bucket-hat'
  | 'tshirt'
  | 'jumper'
  | 'scarf'
  | 'tote'
  | 'bracelet'
  | 'earrings'
  | 'ring'
  | 'gloves'
  | 'socks'
  | 'gift-card';

/**
 * How a picture of the product is taken: from the front as it is (the default), closer in on a
 * point of it (`zoom` about `focus`, in the 800 × 800 drawing), or turned round a little.
 */
export interface ArtView {
  zoom?: number;
  focus?: Point;
  turned?: boolean;
}

export interface ArtSpec {
  kind: ArtKind;
  colour: string;
  accent?: string;
  detail?: string;
}

const DEFAULT_ACCENT = '#c9a44c';

function hashSpec(art: ArtSpec): string {
  const text = `${art.kind}|${art.colour}|${art.accent ?? ''}|${art.detail ?? ''}`;
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function createCanvas(art: ArtSpec): Canvas {
  return {
    colour: toHex(parseHex(art.colour)),
    accent: toHex(parseHex(art.accent ?? DEFAULT_ACCENT)),
    hasAccent: art.accent !== undefined,
    detail: art.detail ?? '',
    prefix: `p${hashSpec(art)}`,
    defs: new Map(),
  };
}

const DRAWERS: Record<ArtKind, (canvas: Canvas) => string> = {
  pendant: drawPendant,
  chain: drawChain,
  beanie: drawBeanie,
  cap: drawCap,
  'bucket-hat': drawBucketHat,
  tshirt: drawTshirt,
  jumper: drawJumper,
  scarf: drawScarf,
  tote: drawTote,
  bracelet: drawBracelet,
  earrings: drawEarrings,
  ring: drawRing,
  gloves: drawGloves,
  socks: drawSocks,
  'gift-card': drawGiftCard,
};

// Drawings are sketched at a common size; small items are enlarged so every product fills a
// similar share of the frame in the shop grid.
const KIND_SCALE: Record<ArtKind, number> = {
  pendant: 1,
  chain: 1,
  beanie: 1.12,
  cap: 1.08,
  'bucket-hat': 1.1,
  tshirt: 1.1,
  jumper: 1.04,
  scarf: 1.2,
  tote: 1.1,
  bracelet: 1.15,
  earrings: 1.25,
  ring: 1.2,
  gloves: 1.1,
  socks: 1.15,
  'gift-card': 1,
};
const SCALE_CENTRE = { x: 400, y: 430 };
const FRAME_CENTRE = { x: SIZE / 2, y: SIZE / 2 };

/** The view's move of the whole drawing: closer in on its focus, or turned and tilted. */
function viewTransform({ zoom, focus = SCALE_CENTRE, turned }: ArtView): string | undefined {
  const moves = [
    zoom === undefined ? '' : scaleAbout(focus, zoom, FRAME_CENTRE),
    turned ? `translate(${SIZE} 0) scale(-1 1) rotate(-7 ${SCALE_CENTRE.x} ${SCALE_CENTRE.y})` : '',
  ].filter((move) => move !== '');
  return moves.length === 0 ? undefined : moves.join(' ');
}

/** Draws a product picture, from the front unless another view is given, as an 800×800 SVG. */
export function drawProductSvg(art: ArtSpec, view: ArtView = {}): string {
  const canvas = createCanvas(art);
  const background = backdrop(canvas);
  const scale = KIND_SCALE[art.kind];
  const drawn = group([DRAWERS[art.kind](canvas)], {
    transform: scale === 1 ? undefined : scaleAbout(SCALE_CENTRE, scale),
  });
  const moved = viewTransform(view);
  const product = moved === undefined ? drawn : group([drawn], { transform: moved });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<defs>${[...canvas.defs.values()].join('')}</defs>${background}${product}</svg>`
  );
}
