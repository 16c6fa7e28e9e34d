import type { Timestamp } from '../db/timestamps';

export interface PaymentsTable {
  /** The provider's payment (order) id. */
  id: string;
  user_id: string;
  total_pence: number;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: string;
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
}
