// The scripts the stand-in serves where PayPal's JS SDK and Google's Pay API would be, for the
// journeys: each installs, in the page, the small part of the real one the checkout uses, and
// plays the buyer's windows (PayPal's, the bank's 3-D Secure check, Google Pay's sheet) as dialogs
// in the page with buttons a test clicks. They are sent as the source of the functions below, so
// they use nothing from outside their own bodies.

interface SdkSettings {
  base: string;
  /** Card numbers whose bank asks the buyer to confirm it is them (a 3-D Secure challenge). */
  challengeCards: string[];
}

type Callback = (...args: never[]) => unknown;

/** Installs `window.paypal`: Buttons, CardFields, Applepay, Googlepay and Messages. */
export function installStandInSdk({ base, challengeCards }: SdkSettings): void {
  async function post(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`PayPal refused: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** A window of PayPal's, or the bank's: answers the value of the button pressed. */
  function ask(title: string, choices: [label: string, value: string][]): Promise<string> {
    return new Promise((resolve) => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', title);
      dialog.setAttribute(
        'style',
        'position:fixed;inset:20% 10%;z-index:99;background:#fff;border:2px solid #003087;padding:16px',
      );
      const heading = document.createElement('p');
      heading.textContent = title;
      dialog.append(heading);
      for (const [label, value] of choices) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', () => {
          dialog.remove();
          resolve(value);
        });
        dialog.append(button);
      }
      document.body.append(dialog);
    });
  }

  const call = (callback: unknown, ...args: unknown[]) =>
    typeof callback === 'function' ? (callback as Callback)(...(args as never[])) : undefined;
  const place = (where: unknown): HTMLElement | null =>
    typeof where === 'string' ? document.querySelector<HTMLElement>(where) : (where as HTMLElement);

  function Buttons(options: Record<string, unknown>) {
    let host: HTMLElement | null = null;
    return {
      isEligible: () => true,
      render(container: unknown) {
        host = place(container);
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.addEventListener('click', () => {
          void (async () => {
            let id: string;
            try {
              id = (await call(options.createOrder)) as string;
            } catch (error) {
              call(options.onError, error);
              return;
            }
            const choice = await ask('PayPal', [
              ['Pay with PayPal', 'pay'],
              ['Cancel and return', 'cancel'],
            ]);
            if (choice === 'cancel') return void call(options.onCancel);
            await post(`/sdk/orders/${id}/approve`);
            await call(options.onApprove, { orderID: id }, { restart: () => Promise.resolve() });
          })();
        });
        host?.append(button);
        return Promise.resolve();
      },
      close() {
        host?.replaceChildren();
        return Promise.resolve();
      },
    };
  }

  function CardFields(options: Record<string, unknown>) {
    const inputs: Record<string, HTMLInputElement> = {};
    const field = (name: string, label: string, autocomplete: string) => ({
      render(container: unknown) {
        const input = document.createElement('input');
        input.name = name;
        input.setAttribute('aria-label', label);
        input.autocomplete = autocomplete as AutoFill;
        inputs[name] = input;
        place(container)?.append(input);
        return Promise.resolve();
      },
    });
    return {
      isEligible: () => true,
      NumberField: () => field('number', 'Card number', 'cc-number'),
      ExpiryField: () => field('expiry', 'Expiry date', 'cc-exp'),
      CVVField: () => field('cvv', 'Security code', 'cc-csc'),
      NameField: () => field('name', 'Name on card', 'cc-name'),
      async submit() {
        const id = (await call(options.createOrder)) as string;
        const number = (inputs.number?.value ?? '').replace(/\s/g, '');
        let challengePassed: boolean | undefined;
        if (challengeCards.includes(number)) {
          const choice = await ask('Your bank: confirm this payment', [
            ['Confirm it is me', 'pass'],
            ['This was not me', 'fail'],
          ]);
          challengePassed = choice === 'pass';
        }
        const confirmed = await post(`/sdk/orders/${id}/confirm-payment-source`, {
          payment_source: { card: { number, expiry: inputs.expiry?.value ?? '' } },
          challenge_passed: challengePassed,
        });
        const source = confirmed.payment_source as
          { card?: { authentication_result?: { liability_shift?: string } } } | undefined;
        const liabilityShift = source?.card?.authentication_result?.liability_shift;
        await call(options.onApprove, { orderID: id, liabilityShift });
      },
    };
  }

  const confirmWallet = async (orderId: string, wallet: string) =>
    post(`/sdk/orders/${orderId}/confirm-payment-source`, { payment_source: { [wallet]: {} } });

  function Applepay() {
    return {
      config: () =>
        Promise.resolve({
          isEligible: true,
          countryCode: 'GB',
          currencyCode: 'GBP',
          merchantCapabilities: ['supports3DS'],
          supportedNetworks: ['visa', 'masterCard', 'amex'],
        }),
      validateMerchant: () => Promise.resolve({ merchantSession: { standIn: true } }),
      async confirmOrder({ orderId }: { orderId: string }) {
        await confirmWallet(orderId, 'apple_pay');
        return { approveApplePayPayment: { status: 'APPROVED' } };
      },
    };
  }

  function Googlepay() {
    return {
      config: () =>
        Promise.resolve({
          isEligible: true,
          apiVersion: 2,
          apiVersionMinor: 0,
          countryCode: 'GB',
          merchantInfo: { merchantId: 'STAND-IN' },
          allowedPaymentMethods: [
            {
              type: 'CARD',
              parameters: {
                allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'],
              },
              tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: {} },
            },
          ],
        }),
      async confirmOrder({ orderId }: { orderId: string }) {
        await confirmWallet(orderId, 'google_pay');
        return { status: 'APPROVED' };
      },
      initiatePayerAction: () => Promise.resolve({}),
    };
  }

  function Messages(options: { amount?: number }) {
    return {
      render(container: unknown) {
        const where = place(container);
        const amount = options.amount ?? 0;
        if (where && amount >= 30) {
          where.textContent = `Pay in 3 interest-free payments of £${(amount / 3).toFixed(2)} with PayPal.`;
        }
        return Promise.resolve();
      },
    };
  }

  Reflect.set(window, 'paypal', { Buttons, CardFields, Applepay, Googlepay, Messages });
}

/** Installs `google.payments.api.PaymentsClient`, whose sheet pays with a Visa ending 1111. */
export function installGooglePayStandIn(): void {
  function ask(title: string): Promise<boolean> {
    return new Promise((resolve) => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', title);
      dialog.setAttribute('style', 'position:fixed;inset:20% 10%;z-index:99;background:#fff');
      for (const [label, pay] of [
        ['Pay with Visa •••• 1111', true],
        ['Cancel', false],
      ] as const) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', () => {
          dialog.remove();
          resolve(pay);
        });
        dialog.append(button);
      }
      document.body.append(dialog);
    });
  }

  class PaymentsClient {
    isReadyToPay() {
      return Promise.resolve({ result: true });
    }
    createButton({ onClick }: { onClick: () => void }) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Buy with Google Pay';
      button.addEventListener('click', onClick);
      return button;
    }
    async loadPaymentData() {
      if (!(await ask('Google Pay')))
        throw Object.assign(new Error('closed'), { statusCode: 'CANCELED' });
      return {
        paymentMethodData: {
          type: 'CARD',
          description: 'Visa •••• 1111',
          info: { cardNetwork: 'VISA', cardDetails: '1111' },
          tokenizationData: { type: 'PAYMENT_GATEWAY', token: 'stand-in' },
        },
      };
    }
  }
  Reflect.set(window, 'google', { payments: { api: { PaymentsClient } } });
}

/** A function's source as a script that runs it, whatever helpers the test runner's compiler adds. */
export function scriptOf<T>(install: (settings: T) => void, settings: T): string {
  return `var __name = (target) => target;\n(${install.toString()})(${JSON.stringify(settings)});\n`;
}
