import * as z from 'zod';

// A parcel's carrier and tracking number, each carrier's format checked, and the dispatch that sends it.

export const CARRIERS = ['Royal Mail', 'Parcelforce', 'DPD', 'Evri', 'DHL'] as const;

export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  'Royal Mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  Parcelforce: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${number}`,
  DPD: (number) => `https://track.dpd.co.uk/parcels/${number}`,
  Evri: (number) => `https://www.evri.com/track/parcel/${number}`,
  DHL: (number) =>
    `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${number}`,
};

/** The carrier's public page for a parcel; the number is letters and digits only. */
export function trackingUrl(carrier: Carrier, number: string): string {
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

/**
 * How each carrier writes its parcel numbers, where it has one format, with an example for the
 * message: a number that cannot be the carrier's is refused before any customer is mailed it.
 */
const TRACKING_FORMATS: Record<Carrier, { pattern: RegExp; example: string }> = {
  'Royal Mail': { pattern: /^[A-Z]{2}\d{9}GB$/, example: 'AB123456789GB' },
  Parcelforce: { pattern: /^[A-Z]{2}\d{7}$|^[A-Z]{2}\d{9}GB$/, example: 'PB1234567' },
  DPD: { pattern: /^\d{10}$|^\d{14}$/, example: '15501234567890' },
  Evri: { pattern: /^[A-Z0-9]{8,20}$/, example: 'H01ABC0012345678' },
  DHL: { pattern: /^\d{10}$|^[A-Z0-9]{10,39}$/, example: '1234567890' },
};

/** Spaces and hyphens dropped and letters in capitals: how a tracking number is kept. */
const trackingNumberSchema = z
  .string({ error: 'Please enter the tracking number' })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,40}$/, 'A tracking number is 6 to 40 letters and digits'));

/** Whether a tracking number (as kept) is written as the carrier writes its numbers. */
export function trackingNumberFits(carrier: Carrier, number: string): boolean {
  return TRACKING_FORMATS[carrier].pattern.test(number) && /\d/.test(number);
}

/** What to say of a number that does not fit its carrier. */
export const trackingNumberMisfit = (carrier: Carrier) =>
  `That is not a ${carrier} tracking number: they look like ${TRACKING_FORMATS[carrier].example}`;

const carrierSchema = z.enum(CARRIERS, {
  error: `The carrier must be one of ${CARRIERS.join(', ')}`,
});

/** A parcel's carrier and number, the number checked against the carrier's format. */
export const trackingBodySchema = z
  .object({ carrier: carrierSchema, trackingNumber: trackingNumberSchema })
  .superRefine((body, context) => {
    if (!trackingNumberFits(body.carrier, body.trackingNumber)) {
      context.addIssue({
        code: 'custom',
        message: trackingNumberMisfit(body.carrier),
        path: ['trackingNumber'],
      });
    }
  });

export type TrackingBody = z.infer<typeof trackingBodySchema>;

/** Marking an order dispatched, with the parcel's carrier and number when there is one. */
export const dispatchBodySchema = z
  .object({ carrier: carrierSchema, trackingNumber: trackingNumberSchema })
  .partial()
  .refine((body) => (body.carrier === undefined) === (body.trackingNumber === undefined), {
    error: 'Give both the carrier and the tracking number, or neither',
    path: ['trackingNumber'],
  })
  .superRefine((body, context) => {
    if (body.carrier === undefined || body.trackingNumber === undefined) return;
    if (!trackingNumberFits(body.carrier, body.trackingNumber)) {
      context.addIssue({
        code: 'custom',
        message: trackingNumberMisfit(body.carrier),
        path: ['trackingNumber'],
      });
    }
  });

export type DispatchBody = z.infer<typeof dispatchBodySchema>;

/**
 * A parcel's carrier and tracking number as typed into a dispatch form (a blank carrier is ''),
 * read as the dispatch call takes them: both blank means a parcel sent without tracking.
 */
export const parcelFormSchema = z
  .object({ carrier: z.union([z.literal(''), z.enum(CARRIERS)]), trackingNumber: z.string() })
  .transform(({ carrier, trackingNumber }) => {
    const body: { carrier?: Carrier; trackingNumber?: string } = {};
    if (carrier !== '') body.carrier = carrier;
    if (trackingNumber.trim() !== '') body.trackingNumber = trackingNumber;
    return body;
  })
  .pipe(dispatchBodySchema);

export type ParcelForm = z.input<typeof parcelFormSchema>;
