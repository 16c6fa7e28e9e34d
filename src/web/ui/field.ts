/** The one look of a text field, select or search box. */
export const fieldClass =
  'min-h-11 w-full rounded-shop border border-line bg-surface px-3 py-2 text-base text-ink ' +
  'placeholder:text-muted/80 focus:border-accent';
