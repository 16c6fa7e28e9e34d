import type { AuditAction, AuditEntry } from '../../../shared/audit/audit';
import { formatLongDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { ORDER_STATUSES, ORDER_STATUS_WORDS } from '../../../shared/orders/order-status';
import { shelfName } from '../../../shared/catalog/shelves';
import { ROLES } from '../../../shared/accounts/users';
import { OFFER_KINDS } from '../../../shared/orders/discounts';
import { OFFER_KIND_WORDS } from '../../../shared/promotions/offers';
import { ROLE_WORDS } from '../../back-office/role-words';
import { appliesToWords } from '../../back-office/offer-inputs';

/** Each kind of change, as the owner would say it. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.deleted': 'Product deleted',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'voucher.created': 'Voucher created',
  'voucher.updated': 'Voucher updated',
  'voucher.deleted': 'Voucher deleted',
  'promotion.created': 'Promotion created',
  'promotion.updated': 'Promotion updated',
  'promotion.deleted': 'Promotion deleted',
  'newsletter.created': 'Newsletter written',
  'newsletter.updated': 'Newsletter edited',
  'newsletter.sent': 'Newsletter sent',
  'order.dispatched': 'Order dispatched',
  'order.tracking_corrected': 'Tracking corrected',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'order.refund_retried': 'Refund tried again',
  'order.note_added': 'Note added to an order',
  'order.return_closed': 'Return closed',
  'order.exchanged': 'Return exchanged',
  'customer.note_added': 'Note added to a customer',
  'import.applied': 'Prices and stock imported',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown again',
  'review.kept': 'Review kept after reports',
  'review.replied': 'Reply to a review',
  'settings.updated': 'Settings changed',
  'gift_card.voided': 'Gift card voided',
  'gift_card.resent': 'Gift card mailed again',
};

/** The fields the log keeps, in the back office's words. */
const FIELD_WORDS: Partial<Record<string, string>> = {
  countInStock: 'Stock',
  minSpend: 'Minimum spend',
  maxUses: 'Most uses',
  oncePerCustomer: 'Once per customer',
  // A voucher's or promotion's offer.
  percent: 'Percentage off',
  services: 'Delivery services',
  appliesTo: 'Applies to',
  categories: 'Shelves',
  stacks: 'Combines with promotions',
  trackingNumber: 'Tracking number',
  text: 'Note',
  amount: 'Amount refunded',
  items: 'Prices and stock',
  more: 'More rows, on each product’s own entry',
  // The settings' sections and fields.
  shop: 'Who sells',
  giftWrap: 'Gift wrap',
  vat: 'VAT',
  vatNumber: 'VAT number',
  holdNew: 'Hold new reviews',
  giftCards: 'Gift cards',
  months: 'Months a gift card lasts',
  // A newsletter's.
  body: 'Letter',
  subscribers: 'Sent to subscribers',
  newsletter: 'Newsletters',
  perMinute: 'Newsletter mails a minute',
};

/** Amounts of money, in pounds. */
const MONEY = new Set(['price', 'discount', 'cap', 'minSpend', 'amount', 'refund']);
/** Days: a voucher's expiry, a voucher's or promotion's start and a promotion's end. */
const DATES = new Set(['expires', 'starts', 'ends']);

/** `trackingNumber` → `Tracking number`, for a field the log may keep one day. */
function fieldWords(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A state, as the back office names it: an order's, or a product's or voucher's draft. */
function statusWords(status: string): string {
  const words = (word: string) => {
    const known = ORDER_STATUSES.find((each) => each === word);
    if (known) return ORDER_STATUS_WORDS[known];
    return word === 'live' ? 'Live' : word === 'draft' ? 'Draft' : word;
  };
  return status.split(' or ').map(words).join(' or ');
}

/** One item of a list the log keeps (an option, a specification, a restocked line). */
function itemWords(item: unknown): string {
  if (!isRecord(item)) return textOf(item);
  if (Array.isArray(item.values))
    return `${textOf(item.name)}: ${item.values.map(textOf).join(', ')}`;
  if ('label' in item) return `${textOf(item.label)}: ${textOf(item.value)}`;
  if ('qty' in item) return `${textOf(item.qty)} × ${textOf(item.name)} (${textOf(item.sku)})`;
  return JSON.stringify(item);
}

/** A value the log keeps, in words: money in pounds, days as dates, roles and states by name. */
export function valueWords(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'percent') return `${value}%`;
    return MONEY.has(field) ? formatPounds(value) : String(value);
  }
  if (field === 'categories' && Array.isArray(value)) {
    return value.length === 0 ? 'None' : value.map((shelf) => shelfName(textOf(shelf))).join(', ');
  }
  if (field === 'appliesTo' && isRecord(value)) {
    const list = (key: string) => {
      const items = value[key];
      return Array.isArray(items) ? items.map(textOf) : [];
    };
    return appliesToWords({ categories: list('categories'), products: list('products') });
  }
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(itemWords).join('; ');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (field === 'role') {
    const role = ROLES.find((each) => each === value);
    return role ? ROLE_WORDS[role] : value;
  }
  if (field === 'status') return statusWords(value);
  if (field === 'category') return shelfName(value);
  if (DATES.has(field) && !Number.isNaN(Date.parse(value))) return formatLongDate(value);
  if (field === 'kind') {
    const kind = OFFER_KINDS.find((each) => each === value);
    return kind ? OFFER_KIND_WORDS[kind] : value;
  }
  return value;
}

interface VariantFacts {
  /** The variant's id, where the entry keeps it; else its SKU, as an import's items are told. */
  key: string;
  /** The SKU, or the name of a product sold one way (an import's items). */
  sku: string;
  price: unknown;
  countInStock: unknown;
}

const variantsOf = (value: unknown): VariantFacts[] =>
  Array.isArray(value)
    ? value.filter(isRecord).map((variant) => {
        const sku = textOf(variant.sku) || textOf(variant.name);
        return {
          key: textOf(variant._id) || sku,
          sku,
          price: variant.price,
          countInStock: variant.countInStock,
        };
      })
    : [];

/** `BST-S: £20.00, stock 3`, or a dash for a variant that was not there. */
const variantWords = (variant: VariantFacts | undefined) =>
  variant
    ? `${typeof variant.price === 'number' ? formatPounds(variant.price) : '—'}, stock ${textOf(variant.countInStock)}`
    : '—';

/**
 * The variants a change touched (or the rows an import changed), one line each, found by id where
 * the entry keeps it (a variant made anew under the same SKU is one gone and one new): as they
 * were and as they became. A change that keeps only one side (a product created or deleted) lists
 * that side.
 */
function variantLines(before: unknown, after: unknown, sides: 'both' | 'before' | 'after') {
  const was = new Map(variantsOf(before).map((variant) => [variant.key, variant]));
  const now = new Map(variantsOf(after).map((variant) => [variant.key, variant]));
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  return keys.flatMap((key) => {
    const old = was.get(key);
    const made = now.get(key);
    const sku = (made ?? old)?.sku ?? key;
    if (sides === 'before') return [`${sku}: ${variantWords(old)}`];
    if (sides === 'after') return [`${sku}: ${variantWords(made)}`];
    if (JSON.stringify(old) === JSON.stringify(made)) return [];
    return [`${sku}: ${variantWords(old)} → ${variantWords(made)}`];
  });
}

/** One field a change touched: its path (`shop.phone` within a section), and its two sides. */
interface FieldLine {
  path: readonly string[];
  before: unknown;
  after: unknown;
  sides: 'both' | 'before' | 'after';
}

const keysOf = (before: Record<string, unknown>, after: Record<string, unknown>) => [
  ...new Set([...Object.keys(before), ...Object.keys(after)]),
];

/** Which sides of a change keep a field: both, or only the one it was made or removed on. */
const sidesOf = (
  key: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldLine['sides'] =>
  key in before && key in after ? 'both' : key in before ? 'before' : 'after';

/**
 * The fields a change touched. Where both sides keep a group of fields (a section of the
 * settings, kept whole), its fields are told one by one, and those that did not change are left
 * out.
 */
function fieldLines(before: Record<string, unknown>, after: Record<string, unknown>): FieldLine[] {
  const lines: FieldLine[] = [];
  const walk = (
    path: readonly string[],
    was: Record<string, unknown>,
    now: Record<string, unknown>,
  ) => {
    for (const key of keysOf(was, now)) {
      const [old, made, sides] = [was[key], now[key], sidesOf(key, was, now)];
      if (sides === 'both' && isRecord(old) && isRecord(made)) walk([...path, key], old, made);
      else if (sides !== 'both' || JSON.stringify(old) !== JSON.stringify(made)) {
        lines.push({ path: [...path, key], before: old, after: made, sides });
      }
    }
  };
  walk([], before, after);
  return lines;
}

function FieldChange({ line }: { line: FieldLine }) {
  const { path, before, after, sides } = line;
  const field = path.at(-1) ?? '';
  const value = (side: 'before' | 'after') => valueWords(field, side === 'before' ? before : after);
  return (
    <div className="wrap-anywhere">
      <dt className="inline font-medium">{path.map(fieldWords).join(', ')}: </dt>
      {path.length === 1 && (field === 'variants' || field === 'items') ? (
        <dd className="inline">
          <ul className="ml-4 list-disc">
            {variantLines(before, after, sides).map((each) => (
              <li key={each}>{each}</li>
            ))}
          </ul>
        </dd>
      ) : (
        <dd className="inline">
          {sides === 'both' ? `${value('before')} → ${value('after')}` : value(sides)}
        </dd>
      )}
    </div>
  );
}

/** Each field the change touched, as it was and as it became, in words. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const lines = fieldLines(entry.before ?? {}, entry.after ?? {});
  if (lines.length === 0) return <span className="text-muted">None recorded</span>;
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {lines.map((line) => (
        <FieldChange key={line.path.join('.')} line={line} />
      ))}
    </dl>
  );
}
