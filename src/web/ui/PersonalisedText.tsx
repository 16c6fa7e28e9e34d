import { personalisationLines } from '../../shared/catalog/personalisation';

/**
 * A personalised line's text, as it is to be engraved or printed: its label, then each of its
 * lines as a line. `large` for the packing slip and pick list, read at arm's length at the bench.
 */
export function PersonalisedText({
  label,
  text,
  large = false,
}: {
  label: string | null | undefined;
  text: string;
  large?: boolean;
}) {
  return (
    <div className={large ? 'personalised-large mt-1' : 'mt-1 text-sm'}>
      <p className={large ? 'text-base font-medium' : 'text-muted'}>
        {label ?? 'Personalisation'}:
      </p>
      <p
        className={`font-serif wrap-anywhere ${large ? 'text-3xl leading-tight font-semibold' : 'text-base text-ink'}`}
      >
        {personalisationLines(text).map((line, index) => (
          <span key={index} className="block">
            {line === '' ? '\u00a0' : line}
          </span>
        ))}
      </p>
    </div>
  );
}
