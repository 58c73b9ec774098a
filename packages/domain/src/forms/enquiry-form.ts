// The firm's public enquiry form (issue 16 item 4, DECISIONS.md §3 'Forms'): its settings, kept in
// system_settings, and what a visitor sends. The visitor's details are the lead form's own fields with its
// messages (leadFieldsSchema); the fields the public form leaves out get the defaults of a Website lead.
import { z } from 'zod';
import { leadFieldsSchema } from '../leads/lead.schema.ts';

export const ENQUIRY_FORM_SETTING_KEY = 'enquiry_form';
/** The public page and the one cookie-less POST that skips the cross-site write check (it holds no session). */
export const ENQUIRY_PAGE_PATH = '/enquiry';
export const PUBLIC_ENQUIRY_URL = '/api/public/enquiries';

/** The lead fields a firm may show or hide; the required ones always show. */
export const ENQUIRY_OPTIONAL_FIELDS = [
  'middleName',
  'gender',
  'currentVisaSubclass',
  'visaExpiryDate',
  'desiredVisa',
] as const;
export type EnquiryOptionalField = (typeof ENQUIRY_OPTIONAL_FIELDS)[number];

export const ENQUIRY_OPTIONAL_FIELD_LABELS: Record<EnquiryOptionalField, string> = {
  middleName: 'Middle name',
  gender: 'Gender',
  currentVisaSubclass: 'Current visa',
  visaExpiryDate: 'Visa expiry date',
  desiredVisa: 'Visa of interest',
};

export const ENQUIRY_FORM_MESSAGES = {
  saved: 'Enquiry form saved',
  thankYou: 'Thank you for your enquiry. A member of our team will be in touch soon.',
  closed: 'This enquiry form is not taking enquiries at the moment. Please contact us another way.',
  consentRequired: 'Please confirm you have read the collection notice',
  /** Honeypot filled, sent faster than a person can fill the form, or a token not ours, too old or used already. */
  refused: 'Your enquiry could not be sent. Please wait a moment and try again.',
  rateLimited: 'Too many enquiries from this address. Please try again later.',
  originInvalid: 'Enter a web address such as https://www.example.com.au',
  assigneeInvalid: 'Choose a manager from the list',
} as const;

/** A frame origin as a browser writes it: https (http only for localhost), host, optional port, no path. */
const frameOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, ENQUIRY_FORM_MESSAGES.originInvalid)
  .regex(
    /^(https:\/\/[a-z0-9.-]+(:\d{1,5})?|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?)$/,
    ENQUIRY_FORM_MESSAGES.originInvalid,
  );

export const DEFAULT_PRIVACY_NOTICE =
  'We collect your personal information to respond to your enquiry and to assess your visa options. ' +
  'We may share it with the Department of Home Affairs and other parties only as needed to provide our ' +
  'services, or as required by law. Our privacy policy explains how you can access or correct your ' +
  'information and how to make a complaint. If you do not give us this information, we may not be able to ' +
  'help you.';

export const enquiryFormSettingsSchema = z
  .object({
    enabled: z.boolean(),
    title: z.string().trim().min(1, 'Title is required').max(120, 'Must be 120 characters or fewer'),
    intro: z.string().trim().max(1000, 'Must be 1000 characters or fewer'),
    /** The optional lead fields the page shows. */
    fields: z.array(z.enum(ENQUIRY_OPTIONAL_FIELDS)).max(ENQUIRY_OPTIONAL_FIELDS.length),
    /** Manager of new leads; none leaves them 'Unassigned' like imported leads. */
    assigneeUserId: z.uuid('Invalid user').nullable(),
    privacyNotice: z
      .string()
      .trim()
      .min(1, 'Collection notice is required')
      .max(3000, 'Must be 3000 characters or fewer'),
    /** The sites that may show the page in a frame (frame-ancestors); none: no framing. */
    frameOrigins: z.array(frameOrigin).max(20, 'At most 20 sites'),
  })
  .meta({
    example: {
      enabled: true,
      title: 'Make an enquiry',
      intro: 'Tell us about yourself and we will contact you.',
      fields: ['desiredVisa'],
      assigneeUserId: null,
      privacyNotice: DEFAULT_PRIVACY_NOTICE,
      frameOrigins: ['https://www.example.com.au'],
    },
  });
export type EnquiryFormSettings = z.infer<typeof enquiryFormSettingsSchema>;

export const DEFAULT_ENQUIRY_FORM_SETTINGS: EnquiryFormSettings = {
  enabled: false,
  title: 'Make an enquiry',
  intro: 'Tell us a little about yourself and your plans, and one of our advisers will contact you.',
  fields: ['desiredVisa'],
  assigneeUserId: null,
  privacyNotice: DEFAULT_PRIVACY_NOTICE,
  frameOrigins: [],
};

/** GET /api/public/enquiry-form: what the public page shows, or closed. */
export const publicEnquiryFormSchema = z.discriminatedUnion('open', [
  z.object({
    open: z.literal(true),
    title: z.string(),
    intro: z.string(),
    fields: z.array(z.enum(ENQUIRY_OPTIONAL_FIELDS)),
    privacyNotice: z.string(),
    /** Signed time the page was served; sent back with the enquiry (minimum fill time). */
    token: z.string(),
  }),
  z.object({ open: z.literal(false), message: z.string() }),
]);
export type PublicEnquiryForm = z.infer<typeof publicEnquiryFormSchema>;

/** A person fills the form in no less than this; a faster submission is refused as a robot's. */
export const ENQUIRY_MIN_FILL_MS = 3_000;
/**
 * A token older than this is refused, and a token is taken once (issue 28): a page left open longer, or a
 * token sent again, is refused, and the page asks for a new one.
 */
export const ENQUIRY_TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** How often one token is taken within its life: once. */
export const ENQUIRY_TOKEN_USES = { count: 1, windowMs: ENQUIRY_TOKEN_MAX_AGE_MS } as const;
/** Enquiries per client address (besides the lead form's own limit per email). */
export const ENQUIRY_ADDRESS_LIMIT = { count: 5, windowMs: 60 * 60 * 1000 } as const;

/** The visitor's lead fields: the lead form's, with its messages. */
const visitorFields = leadFieldsSchema.pick({
  firstName: true,
  middleName: true,
  lastName: true,
  gender: true,
  dateOfBirth: true,
  nationality: true,
  countryOfResidence: true,
  email: true,
  contactNumber: true,
  applicantLocation: true,
  currentVisaSubclass: true,
  visaExpiryDate: true,
  desiredVisa: true,
});

export const ENQUIRY_EXAMPLE = {
  firstName: 'Priya',
  lastName: 'Patel',
  dateOfBirth: '1994-05-17',
  nationality: 'India',
  countryOfResidence: 'Australia',
  email: 'priya.patel@example.com',
  contactNumber: '+61 412 345 678',
  applicantLocation: 'Inside Australia',
  desiredVisa: 'Temporary Graduate 485',
  message: 'I would like to know my options after graduating.',
  consent: true,
  website: '',
  token: 'signed-token-from-the-form',
} as const;

export const enquirySchema = visitorFields
  .extend({
    message: z.string().trim().max(2000, 'Must be 2000 characters or fewer').optional(),
    consent: z.literal(true, { error: ENQUIRY_FORM_MESSAGES.consentRequired }),
    /** The honeypot: hidden from people, filled by robots. */
    website: z.string().max(200).optional(),
    token: z.string().min(1).max(200),
  })
  .meta({ example: ENQUIRY_EXAMPLE });
export type EnquiryInput = z.infer<typeof enquirySchema>;

export const enquiryResultSchema = z.object({ ok: z.literal(true), message: z.string() });
