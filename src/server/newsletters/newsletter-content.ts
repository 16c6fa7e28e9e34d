import MarkdownIt from 'markdown-it';
import { formatPence } from '../../shared/money';
import { PRODUCT_CARD_LINE, productCardIds } from '../../shared/newsletters/newsletters';
import { findProducts, type ProductRecord } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { escapeHtml } from '../mail/html';

/** What the owner wrote, made into a mail's two parts (before the footer each mail adds). */
export interface NewsletterContent {
  html: string;
  text: string;
}

// Raw HTML in the owner's Markdown is shown as text, never as markup: nothing they type (or paste)
// can add a script, a form or a tracking pixel to the mail. Links must be http(s) or mailto.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** A product as its card shows it: the catalogue's picture, name and price now. */
interface CardProduct {
  id: string;
  name: string;
  image: string;
  /** The lowest price it is sold at, and whether others are higher (a "from" price). */
  pricePence: number;
  from: boolean;
}

function cardProductOf(product: ProductRecord): CardProduct {
  const prices =
    product.variants.length > 0
      ? product.variants.map((variant) => variant.pricePence)
      : [product.pricePence];
  const lowest = Math.min(...prices);
  return {
    id: product.id,
    name: product.name,
    image: product.image,
    pricePence: lowest,
    from: prices.some((price) => price !== lowest),
  };
}

const absolute = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;

const priceWords = (product: CardProduct) =>
  `${product.from ? 'from ' : ''}${formatPence(product.pricePence)}`;

const productLink = (publicUrl: string, product: CardProduct) =>
  `${publicUrl}/product/${encodeURIComponent(product.id)}`;

function cardHtml(publicUrl: string, product: CardProduct): string {
  const link = escapeHtml(productLink(publicUrl, product));
  const name = escapeHtml(product.name);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:24px 0;border-collapse:collapse"><tr>
<td width="120" style="width:120px;padding:0 16px 0 0;vertical-align:top"><a href="${link}"><img src="${escapeHtml(absolute(publicUrl, product.image))}" width="120" height="120" alt="${name}" style="display:block;width:120px;height:120px;object-fit:cover;border-radius:4px;background:#f7f4ef"></a></td>
<td style="vertical-align:top"><p style="margin:0 0 4px;font-size:18px"><a href="${link}" style="color:#1f1b16;text-decoration:none">${name}</a></p>
<p style="margin:0 0 12px;font-size:16px">${escapeHtml(priceWords(product))}</p>
<p style="margin:0"><a href="${link}" style="color:#7a4b2a">See it in the shop</a></p></td>
</tr></table>`;
}

const cardText = (publicUrl: string, product: CardProduct) =>
  `${product.name}, ${priceWords(product)}\n${productLink(publicUrl, product)}`;

/**
 * The products a body's cards name, each on sale; a card naming one that is not (no such id, or
 * a draft) is refused, naming it, so that no subscriber is sent a card to nothing.
 */
async function cardProducts(db: Db, body: string): Promise<Map<string, CardProduct>> {
  const ids = productCardIds(body);
  const found = await findProducts(db, ids);
  const onSale = new Map(
    found
      .filter((product) => product.status === 'live')
      .map((product) => [product.id, cardProductOf(product)]),
  );
  const missing = ids.filter((id) => !onSale.has(id));
  if (missing.length > 0) {
    const message = `No product on sale has the id ${missing.map((id) => `"${id}"`).join(', ')}`;
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'body', message }]);
  }
  return onSale;
}

/**
 * Makes the owner's Markdown a mail's HTML and text: each line holding only `{{product:<id>}}`
 * becomes that product's card (picture, name, price, link), the Markdown between rendered with
 * everything the owner typed escaped. The text part is the Markdown itself, which reads as plain
 * text, with each card as its name, price and link.
 */
export async function renderNewsletterContent(
  db: Db,
  publicUrl: string,
  body: string,
): Promise<NewsletterContent> {
  const products = await cardProducts(db, body);
  const html: string[] = [];
  const text: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.join('').trim() !== '') html.push(markdown.render(pending.join('\n')));
    pending = [];
  };
  for (const line of body.split(/\r?\n/)) {
    const id = PRODUCT_CARD_LINE.exec(line)?.[1];
    const product = id === undefined ? undefined : products.get(id);
    if (!product) {
      pending.push(line);
      text.push(line);
      continue;
    }
    flush();
    html.push(cardHtml(publicUrl, product));
    text.push(cardText(publicUrl, product));
  }
  flush();
  return { html: html.join('\n'), text: text.join('\n').trim() };
}
