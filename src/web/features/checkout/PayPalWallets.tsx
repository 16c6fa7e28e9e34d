import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { queryKeys } from '../../api/query-keys';
import type { PaymentConfig } from '../../../shared/payments/payments';
import { applePaySession, type ApplePaySessionClass } from './apple-pay-session';
import { isGooglePayClosed, loadGooglePay, type GooglePaymentsClient } from './google-pay-sdk';
import type {
  PayPalApplePay,
  PayPalGooglePay,
  PayPalNamespace,
  PayPalWalletConfig,
} from '../../api/paypal-sdk';
import { PaymentOutcomeNote, usePaymentOutcome } from './payment-outcome';
import type { Checkout } from './useCheckout';

const APPLE_PAY_VERSION = 4;

interface WalletProps {
  paypal: PayPalNamespace;
  checkout: Checkout;
}

/**
 * Apple Pay, on a browser that says it can pay with it: Apple's sheet, whose payment PayPal takes
 * for the order; the device's own check stands for 3-D Secure.
 */
function ApplePayButton({
  applepay,
  session: Session,
  walletConfig,
  checkout,
}: {
  applepay: PayPalApplePay;
  session: ApplePaySessionClass;
  walletConfig: PayPalWalletConfig;
  checkout: Checkout;
}) {
  const { outcome, clear, cancelled, failed } = usePaymentOutcome();
  const pay = () => {
    clear();
    const session = new Session(APPLE_PAY_VERSION, {
      countryCode: walletConfig.countryCode ?? 'GB',
      currencyCode: 'GBP',
      merchantCapabilities: walletConfig.merchantCapabilities ?? ['supports3DS'],
      supportedNetworks: walletConfig.supportedNetworks ?? ['visa', 'masterCard', 'amex'],
      requiredBillingContactFields: ['postalAddress'],
      total: { label: SHOP_NAME, amount: checkout.totalPrice.toFixed(2), type: 'final' },
    });
    session.onvalidatemerchant = ({ validationURL }) => {
      applepay
        .validateMerchant({ validationUrl: validationURL })
        .then(({ merchantSession }) => session.completeMerchantValidation(merchantSession))
        .catch((error: unknown) => {
          session.abort();
          failed(error, 'Apple Pay could not be started. Please try another way to pay.');
        });
    };
    session.onpaymentauthorized = ({ payment }) => {
      void (async () => {
        try {
          const paymentId = await checkout.startPayment('apple-pay');
          await applepay.confirmOrder({
            orderId: paymentId,
            token: payment.token,
            billingContact: payment.billingContact,
          });
          await checkout.completeOrder(paymentId);
          session.completePayment(Session.STATUS_SUCCESS);
        } catch (error) {
          session.completePayment(Session.STATUS_FAILURE);
          failed(error);
        }
      })();
    };
    session.oncancel = () => cancelled();
    session.begin();
  };
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={pay}
        aria-label="Pay with Apple Pay"
        className="min-h-11 w-full rounded-shop bg-black font-medium text-white [-webkit-appearance:-apple-pay-button]"
      >
        Apple Pay
      </button>
      <PaymentOutcomeNote outcome={outcome} />
    </div>
  );
}

/** Google Pay, where Google says this shopper can use it; its 3-D Secure step is PayPal's to show. */
function GooglePayButton({
  googlepay,
  client,
  walletConfig,
  checkout,
}: {
  googlepay: PayPalGooglePay;
  client: GooglePaymentsClient;
  walletConfig: PayPalWalletConfig;
  checkout: Checkout;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const { outcome, clear, cancelled, failed } = usePaymentOutcome();
  const pay = useEffectEvent(async () => {
    clear();
    try {
      const data = await client.loadPaymentData({
        apiVersion: walletConfig.apiVersion,
        apiVersionMinor: walletConfig.apiVersionMinor,
        allowedPaymentMethods: walletConfig.allowedPaymentMethods,
        merchantInfo: walletConfig.merchantInfo,
        transactionInfo: {
          countryCode: 'GB',
          currencyCode: 'GBP',
          totalPriceStatus: 'FINAL',
          totalPrice: checkout.totalPrice.toFixed(2),
        },
      });
      const paymentId = await checkout.startPayment('google-pay');
      const { status } = await googlepay.confirmOrder({
        orderId: paymentId,
        paymentMethodData: data.paymentMethodData,
      });
      if (status === 'PAYER_ACTION_REQUIRED') {
        await googlepay.initiatePayerAction({ orderId: paymentId });
      }
      await checkout.completeOrder(paymentId);
    } catch (error) {
      if (isGooglePayClosed(error)) cancelled();
      else failed(error);
    }
  });
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    element.replaceChildren(
      client.createButton({
        onClick: () => void pay(),
        buttonColor: 'black',
        buttonType: 'pay',
        buttonSizeMode: 'fill',
      }),
    );
    return () => element.replaceChildren();
  }, [client]);
  return (
    <div className="flex flex-col gap-2">
      <div ref={holder} className="min-h-11 [&_button]:min-h-11 [&_button]:w-full" />
      <PaymentOutcomeNote outcome={outcome} />
    </div>
  );
}

/** What a wallet needs before it is shown: PayPal's word that it may be used, and the browser's. */
async function readyWallets(paypal: PayPalNamespace, config: PaymentConfig) {
  const apple = config.methods.applePay && paypal.Applepay ? paypal.Applepay() : undefined;
  const session = apple ? applePaySession() : undefined;
  const appleConfig = apple && session ? await apple.config().catch(() => undefined) : undefined;
  const google = config.methods.googlePay && paypal.Googlepay ? paypal.Googlepay() : undefined;
  const googleConfig = google ? await google.config().catch(() => undefined) : undefined;
  let client: GooglePaymentsClient | undefined;
  if (google && googleConfig?.isEligible) {
    client = await loadGooglePay(config.googlePaySdkUrl, config.live).catch(() => undefined);
    const ready = await client
      ?.isReadyToPay({
        apiVersion: googleConfig.apiVersion,
        apiVersionMinor: googleConfig.apiVersionMinor,
        allowedPaymentMethods: googleConfig.allowedPaymentMethods,
      })
      .catch(() => undefined);
    if (!ready?.result) client = undefined;
  }
  return {
    apple: apple && session && appleConfig?.isEligible ? { apple, session, appleConfig } : null,
    google: google && googleConfig && client ? { google, googleConfig, client } : null,
  };
}

/** The wallets that are on, that PayPal offers this shop and that this browser can pay with. */
export function PayPalWallets({
  paypal,
  checkout,
  config,
}: WalletProps & { config: PaymentConfig }) {
  const wallets = useQuery({
    queryKey: queryKeys.wallets(config.methods.applePay, config.methods.googlePay),
    queryFn: () => readyWallets(paypal, config),
    enabled: config.methods.applePay || config.methods.googlePay,
    staleTime: Infinity,
    retry: false,
    structuralSharing: false,
  });
  const { apple, google } = wallets.data ?? { apple: null, google: null };
  if (!apple && !google) return null;
  return (
    <div className="flex flex-col gap-3">
      {apple && (
        <ApplePayButton
          applepay={apple.apple}
          session={apple.session}
          walletConfig={apple.appleConfig}
          checkout={checkout}
        />
      )}
      {google && (
        <GooglePayButton
          googlepay={google.google}
          client={google.client}
          walletConfig={google.googleConfig}
          checkout={checkout}
        />
      )}
    </div>
  );
}
