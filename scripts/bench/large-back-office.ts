// Fills a database with a made-up shop's back office, for measuring what the owner reads at
// scale: about 5,000 customers, a catalogue of made-up products (a quarter sold in sizes, a few
// drafts), orders over the last two years with a few lines each, their payments, the refunds of
// those refunded or cancelled, a review for about one delivered order in ten (a few reported),
// 45 vouchers and one audit entry for every 10 orders. One customer, a regular, places one order
// in 50, as the shop's best customers do (2,000 orders at 100,000). Rows go in by the batch,
// straight into the tables; each order's search words are the shop's own (`orderWords`).
import type { ExpressionBuilder, Insertable } from 'kysely';
import { hashPassword } from '../../src/server/accounts/passwords';
import { insertUser } from '../../src/server/accounts/users.repository';
import { departmentOf } from '../../src/server/catalog/departments';
import { reviewerName } from '../../src/server/catalog/reviewer-name';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/sql/ids';
import type { Database, Db } from '../../src/server/db/schema';
import { orderWords } from '../../src/server/orders/order-words';
import { insertVoucher } from '../../src/server/vouchers/vouchers.repository';
import type { OrderStatus } from '../../src/shared/orders/order-status';
import { ORDER_NUMBER_ALPHABET } from '../../src/shared/orders/order-number-alphabet';
import { trackingUrl } from '../../src/shared/orders/parcels';
import { madeUpProduct } from './large-catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CUSTOMERS = 5000;
/** The customer who places one order in this many: the regular. */
const REGULAR_EVERY = 50;
const REGULAR = 1;
/** One delivered order in this many is reviewed, and one review in this many reported. */
const REVIEWED_EVERY = 10;
const REPORTED_EVERY = 40;
const VOUCHERS = 45;
/** Orders are spread over this many days before the bench began. */
const SPAN_DAYS = 730;
/** One audit entry for this many orders. */
const ORDERS_PER_AUDIT_ENTRY = 10;
/** Rows a statement (wide tables: orders, products, users, audit entries). */
const WIDE_ROWS = 500;
/** Rows a statement (narrow tables: order lines, words, payments, refunds, variants). */
const NARROW_ROWS = 1000;
/** Orders made, with all that goes with them, before their rows are written. */
const ORDERS_A_CHUNK = 5000;

const FIRST_NAMES = (
  'Olivia Amelia Isla Ava Mia Ivy Lily Isabella Rosie Sophia Grace Freya Florence Poppy Evie ' +
  'Ella Harriet Alice Ruby Phoebe Oliver George Noah Arthur Leo Harry Oscar Archie Henry ' +
  'Theodore Jack Charlie Freddie Alfie Thomas Finley Rory Alexander Edward Samuel'
).split(' ');
const SURNAMES = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans ' +
  'Walker White Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips Mason ' +
  'Mitchell Rose Davis Rodriguez Cox Alexander Morgan Moore Mills King Harrison Ward Whitfield ' +
  'Whitaker Pemberton Ashworth Fairclough Hargreaves Oakley Penrose Trelawney Blackwood ' +
  'Cartwright Dunmore Ellison Fenwick Gresham Holloway Ingram Kershaw Lockwood Marsden ' +
  'Nightingale Ormerod'
).split(' ');
/** A postcode's first half and its town. */
const AREAS = (
  'BS1 Bristol, BS6 Bristol, BA1 Bath, BA2 Bath, GL50 Cheltenham, EX4 Exeter, TR1 Truro, ' +
  'PL4 Plymouth, SW1A London, N1 London, E8 London, SE15 London, M20 Manchester, LS6 Leeds, ' +
  'YO1 York, NE1 Newcastle upon Tyne, EH3 Edinburgh, G12 Glasgow, CF10 Cardiff, ' +
  'NG7 Nottingham, OX4 Oxford, CB2 Cambridge, B15 Birmingham, L17 Liverpool, HX7 Hebden Bridge'
)
  .split(', ')
  .map((area) => {
    const space = area.indexOf(' ');
    return { outward: area.slice(0, space), town: area.slice(space + 1) };
  });
/** A postcode's second half: ten customers share each whole postcode. */
const INWARD =
  '1AA 2BD 3DF 4DJ 5EP 6HQ 7JR 8LS 9NT 0PU 1QW 2RX 3SY 4TZ 5UA 6WB 7XD 8YE 9ZF 2AG'.split(' ');
const STREETS = [
  'Mill Lane',
  'Church Street',
  'Station Road',
  'High Street',
  'Park Avenue',
  'Victoria Road',
  'The Crescent',
  'Orchard Close',
  'Manor Way',
  'Queens Road',
  'Chapel Row',
  'Meadow View',
];
const SIZES = ['S', 'M', 'L'] as const;
const SIZE_GROUPS = [{ name: 'Size', values: [...SIZES] }];

/** A number in [0, 1) that is always the same for the same index and salt, and looks random. */
function spread(index: number, salt: number): number {
  let x = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

const pickFrom = <T>(list: readonly T[], index: number, salt: number): T =>
  list[Math.floor(spread(index, salt) * list.length)] as T;

interface Customer {
  id: string;
  name: string;
  email: string;
  address: string;
  city: string;
  postalCode: string;
}

interface Listed {
  id: string;
  name: string;
  brand: string;
  image: string;
  pricePence: number;
  live: boolean;
  variants: { id: string; sku: string; size: string; pricePence: number }[];
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** The shop as seeded so far, grown a size at a time. */
export interface BackOffice {
  /** When the bench began: every date is before it. */
  now: number;
  admin: Person;
  staff: Person;
  customers: Customer[];
  products: Listed[];
  orders: { id: string; orderNumber: string }[];
  orderNumbers: Set<string>;
  auditEntries: number;
  /** Each customer's reviews by product, so nobody reviews a product twice. */
  reviewed: Set<string>;
  reviews: number;
  /** How many orders the regular has placed. */
  regularOrders: number;
}

/** The customer with the most orders, who signs in with the admin's password. */
export function regularCustomer(office: BackOffice) {
  const customer = office.customers[REGULAR];
  if (!customer) throw new Error('the shop has no customers yet');
  return { email: customer.email, orders: office.regularOrders };
}

/** What the bench looks for: all of it found at every size. */
export interface BackOfficeSearches {
  surname: string;
  postcode: string;
  productName: string;
  namePart: string;
}

export function searchesOf(office: BackOffice): BackOfficeSearches {
  const customer = office.customers[customerOf(0)];
  return {
    surname: 'Whitfield',
    postcode: customer?.postalCode ?? 'BS1 4DJ',
    // The first audit entry changed product 0.
    productName: madeUpProduct(0).name,
    namePart: 'whit',
  };
}

const customerOf = (order: number) =>
  order % REGULAR_EVERY === 7 ? REGULAR : Math.floor(spread(order, 2) * CUSTOMERS);

/** Rows in statements of `perStatement`. */
async function insertAll<T>(
  rows: readonly T[],
  perStatement: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += perStatement) {
    await insert(rows.slice(start, start + perStatement));
  }
}

/**
 * The admin the bench signs in as (its password hashed at the shop's cheap test cost), a member
 * of staff, the customers (the regular with the admin's password) and the vouchers.
 */
export async function startBackOffice(
  { db }: ShopDatabase,
  adminPassword: string,
): Promise<BackOffice> {
  const now = Date.now();
  const admin = { id: newId(), name: 'Alex Owner', email: 'owner@bench.example.com' };
  const staff = { id: newId(), name: 'Sam Packer', email: 'staff@bench.example.com' };
  await insertUser(db, {
    ...admin,
    passwordHash: await hashPassword(adminPassword, 'test'),
    role: 'admin',
  });
  // Customers but the regular never sign in here: one hash serves them all.
  const passwordHash = await hashPassword(newId(), 'test');
  const regularHash = await hashPassword(adminPassword, 'test');
  await insertUser(db, { ...staff, passwordHash, role: 'staff' });
  const customers: Customer[] = [];
  const rows: Insertable<Database['users']>[] = [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const first = FIRST_NAMES[Math.floor(index / SURNAMES.length) % FIRST_NAMES.length] ?? 'Ann';
    const surname = SURNAMES[index % SURNAMES.length] ?? 'Smith';
    const area = AREAS[index % AREAS.length] ?? { outward: 'BS1', town: 'Bristol' };
    const customer = {
      id: newId(),
      name: `${first} ${surname}`,
      email: `${first}.${surname}.${index}@example.com`.toLowerCase(),
      address: `${1 + (index % 180)} ${pickFrom(STREETS, index, 11)}`,
      city: area.town,
      postalCode: `${area.outward} ${INWARD[Math.floor(index / AREAS.length) % INWARD.length]}`,
    };
    customers.push(customer);
    const joined = new Date(now - (SPAN_DAYS + 365) * DAY_MS * spread(index, 12)).toISOString();
    rows.push({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      password_hash: index === REGULAR ? regularHash : passwordHash,
      role: 'customer',
      created_at: joined,
      updated_at: joined,
    });
  }
  await db.transaction().execute(async (trx) => {
    await insertAll(rows, WIDE_ROWS, (batch) => trx.insertInto('users').values(batch).execute());
    for (let index = 0; index < VOUCHERS; index += 1) {
      await insertVoucher(trx, {
        id: newId(),
        name: `Voucher ${index + 1}`,
        code: `BENCH${String(index + 1).padStart(2, '0')}`,
        discountPence: 500 + (index % 4) * 250,
        expiresAt: new Date(now + (index - 10) * 7 * DAY_MS).toISOString(),
        status: index % 9 === 8 ? 'draft' : 'live',
        minSpendPence: index % 3 === 0 ? 3000 : null,
        maxUses: index % 5 === 0 ? 100 : null,
        oncePerCustomer: index % 2 === 0,
      });
    }
  });
  return {
    now,
    admin,
    staff,
    customers,
    products: [],
    orders: [],
    orderNumbers: new Set(),
    auditEntries: 0,
    reviewed: new Set(),
    reviews: 0,
    regularOrders: 0,
  };
}

/** Products numbered from those there are up to `size`: every 4th in sizes, every 50th a draft. */
async function addProducts(trx: Db, office: BackOffice, size: number): Promise<void> {
  const products: Insertable<Database['products']>[] = [];
  const variants: Insertable<Database['product_variants']>[] = [];
  const alerts: Insertable<Database['stock_alerts']>[] = [];
  for (let index = office.products.length; index < size; index += 1) {
    const made = madeUpProduct(index);
    const live = index % 50 !== 49;
    const listed: Listed = {
      id: newId(),
      name: made.name,
      brand: made.brand,
      image: made.image,
      pricePence: made.pricePence,
      live,
      variants: [],
    };
    let countInStock = made.countInStock;
    if (index % 4 === 1) {
      const stock = SIZES.map((_, position) =>
        // Every 500th product's smallest size is sold out, and shoppers wait for it.
        position === 0 && index % 500 === 1 ? 0 : Math.floor(spread(index, 20 + position) * 9),
      );
      countInStock = stock.reduce((sum, count) => sum + count, 0);
      SIZES.forEach((size, position) => {
        const variant = {
          id: newId(),
          sku: `LK-${index}-${size}`,
          size,
          pricePence: made.pricePence + position * 200,
        };
        listed.variants.push(variant);
        variants.push({
          id: variant.id,
          product_id: listed.id,
          options: JSON.stringify({ Size: size }),
          combination: JSON.stringify([size]),
          sku: variant.sku,
          price_pence: variant.pricePence,
          count_in_stock: stock[position] ?? 0,
          position,
          created_at: made.createdAt ?? new Date(office.now).toISOString(),
        });
      });
      if (index % 500 === 1) {
        for (let waiting = 0; waiting < 3; waiting += 1) {
          alerts.push({
            id: newId(),
            product_id: listed.id,
            variant_id: listed.variants[0]?.id ?? '',
            email: office.customers[(index + waiting * 17) % CUSTOMERS]?.email ?? '',
            created_at: new Date(office.now - (waiting + 1) * DAY_MS).toISOString(),
          });
        }
      }
    }
    office.products.push(listed);
    const createdAt = made.createdAt ?? new Date(office.now).toISOString();
    products.push({
      id: listed.id,
      name: made.name,
      brand: made.brand,
      image: made.image,
      price_pence: made.pricePence,
      description: made.description,
      category: made.category,
      department: departmentOf(made.category, []),
      count_in_stock: countInStock,
      status: live ? 'live' : 'draft',
      options: JSON.stringify(listed.variants.length > 0 ? SIZE_GROUPS : []),
      specifications: '[]',
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  await insertAll(products, WIDE_ROWS, (batch) =>
    trx.insertInto('products').values(batch).execute(),
  );
  await insertAll(variants, NARROW_ROWS, (batch) =>
    trx.insertInto('product_variants').values(batch).execute(),
  );
  await insertAll(alerts, NARROW_ROWS, (batch) =>
    trx.insertInto('stock_alerts').values(batch).execute(),
  );
}

function newOrderNumber(office: BackOffice, index: number): string {
  for (let attempt = 0; ; attempt += 1) {
    let characters = '';
    for (let place = 0; place < 8; place += 1) {
      const at = spread(index * 8 + place, 30 + attempt) * ORDER_NUMBER_ALPHABET.length;
      characters += ORDER_NUMBER_ALPHABET.charAt(Math.floor(at));
    }
    const number = `${characters.slice(0, 4)}-${characters.slice(4)}`;
    if (!office.orderNumbers.has(number)) {
      office.orderNumbers.add(number);
      return number;
    }
  }
}

/**
 * Where order `index` stands, by its age: paid in the last two days (some cancelled), dispatched
 * in the three before, delivered before that; 1 in 25 older ones refunded and 1 in 40 cancelled,
 * and a few delivered in the last fortnight sent back.
 */
function statusOf(index: number, ageDays: number): OrderStatus {
  if (ageDays < 2) return index % 25 === 0 ? 'cancelled' : 'paid';
  if (ageDays < 5) return 'dispatched';
  if (index % 25 === 0) return 'refunded';
  if (index % 40 === 1) return 'cancelled';
  if (ageDays < 14 && index % 20 === 3) return 'return_requested';
  return 'delivered';
}

interface OrderRows {
  orders: Insertable<Database['orders']>[];
  items: Insertable<Database['order_items']>[];
  words: Insertable<Database['order_words']>[];
  payments: Insertable<Database['payments']>[];
  refunds: Insertable<Database['refunds']>[];
  reviews: Insertable<Database['reviews']>[];
  reports: Insertable<Database['review_reports']>[];
}

const COMMENTS = [
  'Lovely quality, just as pictured.',
  'Arrived quickly and beautifully wrapped.',
  'Smaller than I expected, but very pretty.',
  'Wear it every day; still looks new.',
  'A gift for my sister, who loved it.',
];

/** The customer's review of the first thing in a delivered order, a few days after it came. */
function reviewOf(
  office: BackOffice,
  index: number,
  order: { customer: Customer; productId: string; reviewedAt: string },
  rows: OrderRows,
): void {
  const key = `${order.customer.id} ${order.productId}`;
  if (office.reviewed.has(key)) return;
  office.reviewed.add(key);
  office.reviews += 1;
  const id = newId();
  const reported = office.reviews % REPORTED_EVERY === 0;
  rows.reviews.push({
    id,
    product_id: order.productId,
    user_id: order.customer.id,
    name: reviewerName(order.customer.name),
    rating: [5, 4, 5, 3, 4, 5, 2][index % 7] ?? 5,
    comment: COMMENTS[index % COMMENTS.length] ?? '',
    created_at: order.reviewedAt,
    verified: 1,
    reported: reported ? 1 : 0,
  });
  if (reported) {
    const reporter = office.customers[(index * 13) % CUSTOMERS];
    rows.reports.push({
      id: newId(),
      review_id: id,
      user_id: reporter?.id ?? null,
      reason: 'Not about the product',
      created_at: order.reviewedAt,
    });
  }
}

function makeOrder(office: BackOffice, index: number, rows: OrderRows): void {
  const customer = office.customers[customerOf(index)];
  if (!customer) throw new Error(`no customer for order ${index}`);
  const { now, products } = office;
  const created = now - spread(index, 1) * SPAN_DAYS * DAY_MS;
  const ageDays = (now - created) / DAY_MS;
  const at = (days: number) => new Date(Math.min(now, created + days * DAY_MS)).toISOString();
  const status = statusOf(index, ageDays);
  const id = newId();
  const orderNumber = newOrderNumber(office, index);
  office.orders.push({ id, orderNumber });
  if (customer === office.customers[REGULAR]) office.regularOrders += 1;

  const lineCount = [1, 2, 2, 3, 1, 2, 4, 3][index % 8] ?? 1;
  const items: Insertable<Database['order_items']>[] = [];
  for (let position = 0; position < lineCount; position += 1) {
    let product = products[Math.floor(spread(index * 8 + position, 4) * products.length)];
    if (product && !product.live) product = products[products.indexOf(product) - 1];
    if (!product) throw new Error('an order needs products to sell');
    const variant =
      product.variants.length === 0 ? undefined : product.variants[(index + position) % 3];
    items.push({
      id: newId(),
      order_id: id,
      position,
      product_id: product.id,
      variant_id: variant?.id ?? null,
      variant_label: variant ? `Size: ${variant.size}` : null,
      sku: variant?.sku ?? null,
      name: product.name,
      brand: product.brand,
      image: product.image,
      price_pence: variant?.pricePence ?? product.pricePence,
      qty: (index + position) % 5 === 0 ? 2 : 1,
      restocked_qty: status === 'cancelled' ? ((index + position) % 5 === 0 ? 2 : 1) : 0,
    });
  }
  const itemsPence = items.reduce((sum, item) => sum + item.price_pence * item.qty, 0);
  const shippingPence = itemsPence >= 5000 ? 0 : 395;
  const totalPence = itemsPence + shippingPence;
  const gift = index % 10 === 3;
  const shippingAddress = {
    name: gift
      ? `${pickFrom(FIRST_NAMES, index, 5)} ${pickFrom(SURNAMES, index, 6)}`
      : customer.name,
    address: customer.address,
    line2: '',
    city: customer.city,
    county: '',
    postalCode: customer.postalCode,
    country: 'United Kingdom',
    phone: '',
  };
  const delivered = ['delivered', 'return_requested', 'refunded'].includes(status);
  const sent = delivered || status === 'dispatched';
  const trackingNumber = `RM${String(100_000_000 + index)}GB`;
  const tracking = sent
    ? {
        carrier: 'Royal Mail',
        number: trackingNumber,
        url: trackingUrl('Royal Mail', trackingNumber),
      }
    : null;
  const paymentId = `PAY-${newId()}`.toUpperCase();
  const captureId = `CAP-${newId()}`.toUpperCase();
  const createdAt = new Date(created).toISOString();
  const refunded = status === 'refunded' || status === 'cancelled';

  rows.orders.push({
    id,
    order_number: orderNumber,
    user_id: customer.id,
    user_name: customer.name,
    user_email: customer.email,
    recipient_name: shippingAddress.name,
    address: shippingAddress.address,
    line2: '',
    city: shippingAddress.city,
    county: '',
    postal_code: shippingAddress.postalCode,
    country: shippingAddress.country,
    phone: '',
    payment_method: 'PayPal',
    items_pence: itemsPence,
    shipping_pence: shippingPence,
    tax_pence: Math.round(totalPence / 6),
    voucher_name: null,
    voucher_code: null,
    voucher_discount_pence: 0,
    total_pence: totalPence,
    notes: '',
    payment_id: paymentId,
    capture_id: captureId,
    payment_status: 'COMPLETED',
    payer_email: customer.email,
    payment_update_time: createdAt,
    paid_at: createdAt,
    dispatched_at: sent ? at(1) : null,
    delivered_at: delivered ? at(3) : null,
    created_at: createdAt,
    status,
    refunded_pence: refunded ? totalPence : 0,
    tracking_carrier: tracking?.carrier ?? null,
    tracking_number: tracking?.number ?? null,
    tracking_url: tracking?.url ?? null,
    return_reason: status === 'return_requested' ? 'Too small' : null,
    return_requested_at: status === 'return_requested' ? at(4) : null,
    // A shop that has run for years asked for its reviews a week after each delivery.
    review_invited_at: delivered && created + 10 * DAY_MS < now ? at(10) : null,
  });
  rows.items.push(...items);
  const first = items[0];
  if (status === 'delivered' && index % REVIEWED_EVERY === 5 && first?.product_id) {
    reviewOf(office, index, { customer, productId: first.product_id, reviewedAt: at(12) }, rows);
  }
  const words = orderWords({
    id,
    orderNumber,
    userName: customer.name,
    userEmail: customer.email,
    shippingAddress,
    tracking,
    items: items.map((item) => ({ name: item.name, sku: item.sku ?? null })),
  });
  rows.words.push(...words.map((word) => ({ word, created_at: createdAt, order_id: id })));
  rows.payments.push({
    id: paymentId,
    user_id: customer.id,
    total_pence: totalPence,
    status: 'fulfilled',
    capture_id: captureId,
    captured_pence: totalPence,
    created_at: createdAt,
    check_after: null,
    unfulfilled_at: null,
  });
  if (refunded) {
    const settled = status === 'cancelled' ? at(0.1) : at(4 + (index % 3));
    rows.refunds.push({
      id: newId(),
      payment_id: paymentId,
      capture_id: captureId,
      order_id: id,
      amount_pence: totalPence,
      reason: status === 'cancelled' ? 'Order cancelled' : 'Returned: not as pictured',
      status: 'succeeded',
      request_id: newId(),
      error: null,
      created_by: office.admin.name,
      created_at: settled,
      updated_at: settled,
    });
  }
}

async function writeOrders(trx: Db, rows: OrderRows): Promise<void> {
  await insertAll(rows.orders, WIDE_ROWS, (batch) =>
    trx.insertInto('orders').values(batch).execute(),
  );
  await insertAll(rows.items, NARROW_ROWS, (batch) =>
    trx.insertInto('order_items').values(batch).execute(),
  );
  await insertAll(rows.words, NARROW_ROWS, (batch) =>
    trx.insertInto('order_words').values(batch).execute(),
  );
  await insertAll(rows.payments, NARROW_ROWS, (batch) =>
    trx.insertInto('payments').values(batch).execute(),
  );
  await insertAll(rows.refunds, NARROW_ROWS, (batch) =>
    trx.insertInto('refunds').values(batch).execute(),
  );
  await insertAll(rows.reviews, WIDE_ROWS, (batch) =>
    trx.insertInto('reviews').values(batch).execute(),
  );
  await insertAll(rows.reports, NARROW_ROWS, (batch) =>
    trx.insertInto('review_reports').values(batch).execute(),
  );
}

async function addOrders(trx: Db, office: BackOffice, upTo: number): Promise<void> {
  const rows: OrderRows = {
    orders: [],
    items: [],
    words: [],
    payments: [],
    refunds: [],
    reviews: [],
    reports: [],
  };
  for (let index = office.orders.length; index < upTo; index += 1) makeOrder(office, index, rows);
  await writeOrders(trx, rows);
}

const AUDITED = [
  'product.updated',
  'order.dispatched',
  'order.note_added',
  'order.refunded',
  'order.cancelled',
] as const;

/** Audit entries up to one for every 10 orders, by the admin and (one in three) the staff. */
async function addAuditEntries(trx: Db, office: BackOffice, upTo: number): Promise<void> {
  const rows: Insertable<Database['audit_entries']>[] = [];
  for (let index = office.auditEntries; index < upTo; index += 1) {
    const action = AUDITED[index % AUDITED.length] ?? 'order.note_added';
    const actor = index % 3 === 0 ? office.staff : office.admin;
    const at = new Date(office.now - spread(index, 40) * SPAN_DAYS * DAY_MS).toISOString();
    const entry = {
      id: newId(),
      at,
      actor_id: actor.id,
      actor_name: actor.name,
      actor_email: actor.email,
      action,
    };
    if (action === 'product.updated') {
      const product = office.products[(Math.floor(index / 5) * 37) % office.products.length];
      if (!product) throw new Error('an audit entry of a product needs products');
      rows.push({
        ...entry,
        target_type: 'product',
        target_id: product.id,
        target_label: product.name,
        before: JSON.stringify({ countInStock: index % 4 }),
        after: JSON.stringify({ countInStock: 12 + (index % 4) }),
      });
      continue;
    }
    const order = office.orders[(index * 7) % office.orders.length];
    if (!order) throw new Error('an audit entry of an order needs orders');
    rows.push({
      ...entry,
      target_type: 'order',
      target_id: order.id,
      target_label: order.orderNumber,
      before: action === 'order.note_added' ? null : JSON.stringify({ status: 'paid' }),
      after: JSON.stringify(
        action === 'order.note_added' ? { note: 'Customer rang about delivery' } : { index },
      ),
    });
  }
  office.auditEntries = upTo;
  await insertAll(rows, WIDE_ROWS, (batch) =>
    trx.insertInto('audit_entries').values(batch).execute(),
  );
}

/** Each reviewed product's rating and count of reviews, from its shown reviews. */
async function recountRatings(trx: Db): Promise<void> {
  const shown = (eb: ExpressionBuilder<Database, 'products'>) =>
    eb
      .selectFrom('reviews')
      .whereRef('reviews.product_id', '=', 'products.id')
      .where('reviews.hidden_at', 'is', null);
  await trx
    .updateTable('products')
    .set((eb) => ({
      rating_total: eb.fn.coalesce(
        shown(eb).select((inner) => inner.fn.sum<number>('reviews.rating').as('total')),
        eb.lit(0),
      ),
      num_reviews: shown(eb).select((inner) => inner.fn.countAll<number>().as('count')),
    }))
    .where('id', 'in', trx.selectFrom('reviews').select('product_id'))
    .execute();
}

/**
 * Grows the shop to `size` products and `size` orders, with an audit entry for every 10 orders:
 * on SQLite in one transaction, on PostgreSQL one for every 5,000 orders.
 */
export async function growBackOffice(
  database: ShopDatabase,
  office: BackOffice,
  size: number,
): Promise<void> {
  const { db, dialect } = database;
  const steps: ((trx: Db) => Promise<void>)[] = [(trx) => addProducts(trx, office, size)];
  for (let upTo = office.orders.length; upTo < size;) {
    upTo = Math.min(size, upTo + ORDERS_A_CHUNK);
    const chunkEnd = upTo;
    steps.push((trx) => addOrders(trx, office, chunkEnd));
  }
  steps.push((trx) => addAuditEntries(trx, office, Math.floor(size / ORDERS_PER_AUDIT_ENTRY)));
  steps.push(recountRatings);
  if (dialect === 'sqlite') {
    await db.transaction().execute(async (trx) => {
      for (const step of steps) await step(trx);
    });
  } else {
    for (const step of steps) await db.transaction().execute(step);
  }
}
