import type { Generated } from 'kysely';
import type {
  OrderEventType,
  OrderStatus,
  ReturnKind,
  ReturnOutcome,
} from '../../shared/orders/order-status';
import type { Timestamp } from '../sql/timestamps';
import type { GiftCardVat } from '../../shared/gift-cards/gift-cards';

export interface OrdersTable {
  id: string;
  /** What people read out: `K7QF-3MXA`. */
  order_number: string;
  user_id: string | null;
  user_name: string;
  user_email: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  payment_method: string;
  items_pence: number;
  shipping_pence: number;
  tax_pence: number;
  voucher_name: string | null;
  voucher_code: string | null;
  voucher_discount_pence: number;
  /** What promotions took off. */
  promotion_discount_pence: Generated<number>;
  /** JSON: every discount it got (`[{ source, name, code, amountPence }]`); null before. */
  discounts: string | null;
  total_pence: number;
  notes: string;
  payment_id: string;
  capture_id: string;
  payment_status: string;
  payer_email: string;
  payment_update_time: string;
  paid_at: Timestamp | null;
  dispatched_at: Timestamp | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  recipient_name: string;
  line2: string;
  county: string;
  phone: string;
  status: OrderStatus;
  refunded_pence: Generated<number>;
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  return_reason: string | null;
  /** Why the customer sends it back; null for a request from before kinds, a change of mind. */
  return_kind: ReturnKind | null;
  return_requested_at: Timestamp | null;
  /** A guest's order: the hash of the key its link carries; null once it is in an account. */
  guest_key_hash: string | null;
  /** A gift: the hash of the key its recipient's link carries; null when not a gift. */
  recipient_key_hash: string | null;
  /** A gift's message for the packing slip, empty for none; null: the order is not a gift. */
  gift_message: string | null;
  gift_wrap_pence: Generated<number>;
  /** When its customer was asked to review what they bought; set once, by one instance. */
  review_invited_at: Timestamp | null;
  /**
   * When its buyer closed their account while it was still open: who and where are kept until it
   * is settled, then forgotten and this is cleared.
   */
  closed_account_at: Timestamp | null;
  /** How the shop closed the customer's return; null while none is asked for, or still open. */
  return_outcome: ReturnOutcome | null;
  /** The shop's words to the customer on closing it. */
  return_note: string | null;
  return_closed_at: Timestamp | null;
  /** The order this one replaces, sent in exchange for what came back; null for a sale. */
  exchange_for: string | null;
  /** JSON: the delivery service it was sold with and the dates given (OrderDelivery); null before. */
  delivery: string | null;
  /** JSON: how it was paid (OrderPayment: method, brand, last 4, liability shift); null before. */
  payment: string | null;
  /** The day (`YYYY-MM-DD`, UK) it should go out by; the desk counts it late after. */
  dispatch_by: string | null;
  /** What its items weighed, in grams, as the catalogue had them when sold. */
  weight_grams: Generated<number>;
  /** What gift cards paid of its total; PayPal (the payment) took the rest. */
  gift_card_pence: Generated<number>;
  /** JSON: each card's part (`[{ last4, amountPence }]`); null when none paid. */
  gift_card_payments: string | null;
  /** How gift cards stood for VAT when it was placed; null when it neither sold nor spent one. */
  gift_card_vat: GiftCardVat | null;
  /**
   * What of its total is outside VAT because of gift cards: the cards it sells when multi-purpose,
   * or what cards paid when single-purpose. Its VAT (`tax_pence`) is on the rest.
   */
  outside_vat_pence: Generated<number>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string | null;
  name: string;
  brand: string;
  image: string;
  price_pence: number;
  qty: number;
  /** What discounts took off the line: what was paid for it is its price times qty less this. */
  discount_pence: Generated<number>;
  variant_id: string | null;
  variant_label: string | null;
  /** The variant's SKU when it was sold; null for a product sold one way. */
  sku: string | null;
  /** How many of it refunds and a cancellation have put back into stock: at most `qty`. */
  restocked_qty: Generated<number>;
  /** JSON: a gift card line's recipient, message, send day and cards' last 4 (OrderGiftCard). */
  gift_card: string | null;
  /** Made to order: the working days it was sold to take; null when not. */
  made_to_order_days: Generated<number | null>;
  /** On pre-order: the release date it was sold to go out from; null when not. */
  preorder_release: Generated<string | null>;
  /**
   * JSON: a personalised line's text, what its product called it and what the text added to each
   * item (`{ label, text, pricePence }`, within `price_pence`); null when sold as it is.
   */
  personalisation: string | null;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  type: OrderEventType;
  at: Timestamp;
  /** Who moved the order: the customer's or admin's name, or the shop itself. */
  by_name: string;
  detail: string | null;
}

/** The words an order is found by in the back office's search, each as the search compares it. */
export interface OrderWordsTable {
  word: string;
  /** The order's: a page of what a word finds is read, newest first, from the words alone. */
  created_at: Timestamp;
  order_id: string;
}
