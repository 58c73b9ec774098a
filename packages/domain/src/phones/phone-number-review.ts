// Administration → Data Management: the stored contact numbers the start-up back-fill could not read as a
// number of any country, left as they were for someone to correct (decision 0005).
import { z } from 'zod';

export const PHONE_REVIEW_RECORD_TYPES = ['lead', 'client', 'contact'] as const;
export type PhoneReviewRecordType = (typeof PHONE_REVIEW_RECORD_TYPES)[number];

/** At most this many are listed; the total says how many there are. */
export const PHONE_REVIEW_LIMIT = 500;

export const phoneNumberReviewItemSchema = z.object({
  recordType: z.enum(PHONE_REVIEW_RECORD_TYPES),
  recordId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The number as it is stored now (not a valid number of any country). */
  contactNumber: z.string(),
  /** When the back-fill found it (ISO 8601). */
  foundAt: z.string(),
});
export type PhoneNumberReviewItem = z.infer<typeof phoneNumberReviewItemSchema>;

export const phoneNumberReviewSchema = z.object({
  items: z.array(phoneNumberReviewItemSchema),
  total: z.number().int(),
});
export type PhoneNumberReview = z.infer<typeof phoneNumberReviewSchema>;
