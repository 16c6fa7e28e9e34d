import type { Newsletter, NewsletterStatus } from '../../../shared/newsletters/newsletters';

export const STATUS_WORDS: Record<NewsletterStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

/** How a newsletter's sending stands, in a line: '12 sent, 3 to go, 1 unsubscribed first'. */
export function countWords({ status, queued, sent, failed, unsubscribed }: Newsletter): string {
  if (status === 'draft') return 'Not sent yet';
  const parts = [`${sent} sent`];
  if (queued > 0) parts.push(`${queued} to go`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (unsubscribed > 0) parts.push(`${unsubscribed} unsubscribed first`);
  return parts.join(', ');
}

export const subscribersWords = (count: number) =>
  count === 1 ? '1 subscriber' : `${count} subscribers`;

/** Asked before a newsletter goes, naming how many it goes to. */
export const sendQuestion = (subject: string, audience: number) =>
  `Send “${subject}” to ${subscribersWords(audience)} now? It cannot be taken back.`;

/** The one line of help on product cards, under the body. */
export const CARD_HELP =
  'Write in Markdown: **bold**, *italic*, # a heading, [words](https://link). ' +
  'For a product card (picture, name, price and link), put {{product:ID}} on a line of its own, ' +
  'with the id from the product’s page address.';
