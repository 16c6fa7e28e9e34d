import type { ShopDetails } from '../../shared/settings/settings';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import { reviewerName } from './reviewer-name';

/** What the owner is told of a report: the review, the product, and the shopper's reason. */
export interface ReportedReview {
  productName: string;
  reviewer: string;
  rating: number;
  comment: string;
  reason: string;
}

/** Where the owner looks at reported reviews: on top of the queue, with every reason. */
export const reportedReviewsLink = (publicUrl: string) =>
  `${publicUrl}/admin/reviews?reported=true`;

const stars = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/** To the shop: a shopper asks the owner to look at a review shown on a product page. */
export function reviewReportedMail(
  report: ReportedReview,
  { publicUrl, shop }: { publicUrl: string; shop: ShopDetails },
): Mail {
  const link = reportedReviewsLink(publicUrl);
  const about = `${reviewerName(report.reviewer)}'s review of ${report.productName} (${stars(report.rating)})`;
  const lead = `A shopper has reported ${about}. It stays on the product page until you hide it.`;
  return {
    to: shop.email,
    subject: `A review of ${report.productName} was reported`,
    text: [
      lead,
      '',
      `The review: ${report.comment}`,
      '',
      `Their reason: ${report.reason}`,
      '',
      `Keep it, hide it or reply: ${link}`,
    ].join('\n'),
    html: mailPage(
      shop.name,
      `<p>${escapeHtml(lead)}</p>
<blockquote style="margin:16px 0;padding-left:12px;border-left:2px solid #d8cfc4;white-space:pre-line">${escapeHtml(report.comment)}</blockquote>
<p><strong>Their reason:</strong> <span style="white-space:pre-line">${escapeHtml(report.reason)}</span></p>
<p><a href="${escapeHtml(link)}" style="color:#7a4b2a">Keep it, hide it or reply</a></p>`,
    ),
  };
}
