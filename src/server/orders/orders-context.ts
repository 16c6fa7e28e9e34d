import type { ShopIdentity } from '../../shared/api';
import type { GiftCardSettings } from '../../shared/gift-cards/gift-cards';
import type { Pence } from '../../shared/money';
import type { PaymentSettings } from '../../shared/payments/payment-methods';
import type { DeliveryTerms } from '../delivery/delivery-options';
import type { AccountLimit } from '../http/account-limits';
import type { UserAccount } from '../accounts/user-account';
import type { Mailer } from '../mail/mail-sender';
import type { PaymentsContext } from '../payments/refunds.service';
import type { StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import type { VoucherGuesses } from '../vouchers/voucher-guesses';

/**
 * What every order use case is given: the database, the payment provider and a log (as giving
 * money back needs them), the mailer, where the shop lives online and who sells, the alerts to
 * tell of restocks, and the count of voucher guesses. Who sells and what gift wrap costs are the
 * owner's settings, which change while the shop runs: read them at each use, never keep them.
 */
export interface OrdersContext extends PaymentsContext {
  mailer: Mailer;
  publicUrl: string;
  trader: ShopIdentity;
  /** Told when a cancellation or a refund puts something back in stock. */
  alerts: StockAlertsContext;
  /** Counts voucher codes that do not exist, so that codes cannot be found by trying them. */
  voucherGuesses: VoucherGuesses;
  /** What gift wrap costs, VAT included; 0: none is offered. */
  giftWrapPence: Pence;
  /** The posting days, holiday, delivery services and collection point, as the settings hold them. */
  delivery: DeliveryTerms;
  /** The ways to pay the owner has on, and how 3-D Secure is asked for and read. */
  paymentSettings: PaymentSettings;
  /** How long gift cards last, and how they stand for VAT. */
  giftCards: GiftCardSettings;
  /** Counts the payments guests open, per client address. */
  guestPayments: AccountLimit;
}

/** Who acted on an order, as its history names them. */
export const actorName = (user: Pick<UserAccount, 'name' | 'email'>) => user.name || user.email;
