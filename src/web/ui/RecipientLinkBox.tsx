import { useState } from 'react';
import { Button } from './Button';
import { TextField } from './FormField';

/**
 * What the checkout hands the page it lands on with a new order: that it was just placed and, for
 * a gift, the link its recipient may follow the parcel by (only the answer that placed the order
 * carries it; the shop keeps no copy it could show again).
 */
export interface PlacedState {
  placed: true;
  recipientLink?: string | undefined;
}

const isPlacedState = (state: unknown): state is PlacedState =>
  typeof state === 'object' && state !== null && Reflect.get(state, 'placed') === true;

/** Whether the page was reached by placing the order (not by a link or a reload of the history). */
export const wasJustPlaced = (state: unknown): boolean => isPlacedState(state);

/** The recipient's link handed over with a just-placed order, if it was a gift. */
export function recipientLinkFrom(state: unknown): string | undefined {
  if (!isPlacedState(state)) return undefined;
  return typeof state.recipientLink === 'string' ? state.recipientLink : undefined;
}

type CopyState = 'idle' | 'copied' | 'failed';

const COPY_WORDS: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'The link could not be copied: select it and copy it yourself.',
};

/**
 * A gift's link for its recipient, to copy and send on: they follow the parcel with it without
 * seeing what it cost.
 */
export function RecipientLinkBox({ link, recipient }: { link: string; recipient: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const name = recipient.trim() || 'the recipient';
  const copyLink = async () => {
    // An http page or an older browser has no clipboard to write to: that throws, as a refusal does.
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section
      aria-labelledby="recipient-link-heading"
      className="flex flex-col gap-3 rounded-shop bg-sand p-6"
    >
      <h2 id="recipient-link-heading" className="text-xl">
        A link for {name}
      </h2>
      <p>
        Send {name} this link: they can follow the parcel and read your message, without seeing any
        prices.
      </p>
      <TextField
        label={`Link for ${name}`}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" className="self-start" onClick={() => void copyLink()}>
        Copy the link
      </Button>
      <p aria-live="polite" className={copy === 'failed' ? 'text-error' : 'text-success'}>
        {COPY_WORDS[copy]}
      </p>
    </section>
  );
}
