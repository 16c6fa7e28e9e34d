import { useId } from 'react';
import {
  PERSONALISATION_TERMS_WORDS,
  PERSONALISED_NOT_RETURNABLE,
} from '../../../shared/catalog/personalisation';

/**
 * What the checkout asks before paying for a personalised item: the law's words (outside the
 * right to cancel, Consumer Contracts Regulations 2013, regulation 28(1)(b)) and a tick, never
 * ticked for the shopper.
 */
export function PersonalisationTerms({
  ticked,
  onChange,
}: {
  ticked: boolean;
  onChange: (ticked: boolean) => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-shop border border-line bg-surface p-4"
    >
      <h3 id={`${id}-heading`} className="text-lg">
        Personalised items
      </h3>
      <p id={`${id}-words`} className="text-sm">
        {PERSONALISED_NOT_RETURNABLE}
      </p>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={ticked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-words`}
          className="mt-1 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={id}>{PERSONALISATION_TERMS_WORDS}</label>
      </div>
    </section>
  );
}
