import type { PayPalMoney, ReceivedRequest, StandInOrder } from '../paypal-stand-in';
import type { Reply } from './error-replies';

/** What one running stand-in remembers, shared by the parts that answer its requests. */
export interface StandInState {
  clientId: string;
  clientSecret: string;
  orders: Map<string, StandInOrder>;
  refunds: string[];
  /** How much of each capture has been refunded, in pence. */
  refundedPence: Map<string, number>;
  requests: ReceivedRequest[];
  tokens: Set<string>;
  replays: Map<string, Reply>;
  amountOverrides: Map<string, PayPalMoney>;
  pendingCaptures: Set<string>;
  failures: { count: number; status: number };
  /** How many refunds to come are refused as PayPal refuses one it will not make. */
  refusedRefunds: { count: number };
  /** Run once, after the next capture is made and before it is answered (then forgotten). */
  beforeCaptureAnswer: (() => Promise<void>) | undefined;
  /** How long each refund request waits before PayPal looks at it. */
  refundDelay: { ms: number };
  /** The next refund request waits for this before PayPal looks at it (then forgotten). */
  heldRefund: RefundHold | undefined;
  /** Known once the server listens, so read it when answering, not before. */
  baseUrl: string;
  /** The scripts served to browsers, by path: PayPal's SDK and Google's Pay API, as stand-ins. */
  scripts: Record<string, string>;
}

/** A refund request held on its way in: told when it arrives, answered when the test says. */
export interface RefundHold {
  arrive(): void;
  /** Resolves with what to do with it: refuse it (422, nothing refunded), or let it go on. */
  released: Promise<'refuse' | 'pass'>;
}
