const NEWSLETTER_EMAIL_MIN_LENGTH = 5;

/** The form sends nothing until the field holds at least five characters. */
export function canSubmitNewsletter(email: string): boolean {
  return email.trim().length >= NEWSLETTER_EMAIL_MIN_LENGTH;
}
