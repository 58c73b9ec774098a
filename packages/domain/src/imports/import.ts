// Importing leads and clients from a spreadsheet (issue 15 item 5): the fields a column may fill, how a
// header finds its field, how a cell becomes the value the lead / client schema checks, the limits and
// the messages. The rows themselves are checked by the same schemas as the forms (importedLeadSchema,
// clientInputSchema), so an imported record obeys every rule a typed one does.
import { z } from 'zod';
import { CLIENT_STATUSES, DEFAULT_CLIENT_STATUS } from '../clients/client-status.ts';
import { DEFAULT_LEAD_SOURCE, LEAD_SOURCES, SOCIAL_PLATFORMS } from '../leads/lead-source.ts';
import { DEFAULT_LEAD_STATUS, LEAD_STATUSES } from '../leads/lead-status.ts';
import { COUNTRIES } from '../reference/countries.ts';
import { APPLICANT_LOCATIONS, DEPENDENT_COUNTS, GENDERS, MARITAL_STATUSES, VISAS } from '../reference/visas.ts';

export const IMPORT_ENTITIES = ['leads', 'clients'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export const IMPORT_MODES = ['skip_invalid', 'all_or_nothing'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  skip_invalid: 'Skip invalid rows',
  all_or_nothing: 'All or nothing',
};

/** 20 MB holds 50,000 rows of every lead column with room to spare. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** As many as a mapping may name: a file with more columns could not be mapped. */
export const IMPORT_MAX_COLUMNS = 500;
/** Excel's own limit for one cell. */
export const IMPORT_MAX_CELL_CHARACTERS = 32_767;
/**
 * Every cell of a file together. A workbook's shared strings let one long text fill many cells from a few
 * bytes, so the rows a file yields are bounded by their text, not only by the file's size. 50,000 clients
 * with every column filled hold about 42 million (docs/decisions/0030).
 */
export const IMPORT_MAX_TEXT_CHARACTERS = 50_000_000;
/**
 * A workbook is a zip: its parts, all of them unpacked, and how far one part may unpack (POI's zip-bomb
 * ratio). 50,000 clients with every column filled unpack to about 140 MB (docs/decisions/0030).
 */
export const IMPORT_MAX_WORKBOOK_PARTS = 1_000;
export const IMPORT_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const IMPORT_MAX_PACKING_RATIO = 100;
/** Rows the preview shows; errors the answer lists (the error report has them all). */
export const IMPORT_PREVIEW_ROWS = 5;
export const IMPORT_ERRORS_SHOWN = 200;

const count = (n: number) => n.toLocaleString('en-AU');

export const IMPORT_MESSAGES = {
  unknownEntity: 'Choose what to import: leads or clients.',
  badMode: "Choose how to import: 'Skip invalid rows' or 'All or nothing'.",
  fileMissing: 'Choose a CSV or Excel file to import.',
  fileType: 'The file must be a CSV file or an Excel workbook (.xlsx).',
  fileEmpty: 'The file is empty.',
  noRows: 'The file has a header row but no rows to import.',
  tooLarge: 'The file is too large: the limit is 20 MB.',
  tooManyRows: `The file has more than ${count(IMPORT_MAX_ROWS)} rows: split it into smaller files.`,
  tooManyColumns: `The file has more than ${count(IMPORT_MAX_COLUMNS)} columns: keep only the columns to import.`,
  cellTooLong: (row: number) =>
    `Row ${count(row)} has a cell longer than ${count(IMPORT_MAX_CELL_CHARACTERS)} characters, Excel's own limit: shorten it and try again.`,
  tooMuchText: `The file holds more than ${count(IMPORT_MAX_TEXT_CHARACTERS / 1_000_000)} million characters: split it into smaller files.`,
  tooManyParts: `The workbook has more than ${count(IMPORT_MAX_WORKBOOK_PARTS)} parts (sheets, pictures and the like): save the sheet to import on its own, or as CSV.`,
  unpackedTooLarge: `The workbook unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB: save the sheet to import on its own, or split it into smaller files.`,
  packedTooTightly: `Part of the workbook unpacks to more than ${IMPORT_MAX_PACKING_RATIO} times its packed size, so it was not read: save the sheet as CSV and import that.`,
  tooComplex:
    'The file needs more memory to read than an import may use: split it into smaller files, or save it as CSV.',
  unreadable: 'The file could not be read. Save it again as CSV or Excel and try again.',
  mappingLength: 'The column mapping does not match the columns of the file.',
  mappingTwice: (label: string) => `${label} is mapped from more than one column.`,
  duplicateInFile: (what: string, row: number) => `Duplicate in this file: ${what} also appears in row ${row}.`,
  unknownUser: (label: string, value: string) => `${label}: no active user '${value}' can be chosen here`,
  noErrorReport: 'This import has no error report.',
  nothingImported: 'Nothing was imported: fix the invalid rows, or choose Skip invalid rows.',
  dryRunDone: 'Dry run complete: nothing was written.',
  imported: (imported: number, entity: ImportEntity) =>
    `${count(imported)} ${imported === 1 ? entity.slice(0, -1) : entity} imported.`,
} as const;

export type ImportField = { key: string; label: string; required?: boolean; aliases?: readonly string[] };

const ASSIGNMENT_FIELDS: readonly ImportField[] = [
  { key: 'managerUserId', label: 'Manager', aliases: ['manager email', 'manager name'] },
  { key: 'assistantManagerUserId', label: 'Assistant Manager', aliases: ['assistant manager email'] },
  { key: 'migrationAgentUserId', label: 'Migration Agent', aliases: ['agent', 'migration agent email'] },
];

/** Fields whose cell names a user (by email or full name) rather than holding the value itself. */
export const IMPORT_USER_FIELDS = ASSIGNMENT_FIELDS.map((f) => f.key);

const PERSON: readonly ImportField[] = [
  { key: 'firstName', label: 'First Name', required: true, aliases: ['given name', 'first'] },
  { key: 'middleName', label: 'Middle Name' },
  { key: 'lastName', label: 'Last Name', required: true, aliases: ['surname', 'family name', 'last'] },
  { key: 'email', label: 'Email', required: true, aliases: ['email address', 'e-mail'] },
  { key: 'contactNumber', label: 'Contact Number', required: true, aliases: ['phone', 'mobile', 'phone number'] },
];

const VISA_FIELDS: readonly ImportField[] = [
  { key: 'applicantLocation', label: 'Applicant Location', aliases: ['location'] },
  { key: 'currentVisaSubclass', label: 'Current Visa', aliases: ['current visa subclass', 'current/previous visa'] },
  { key: 'visaExpiryDate', label: 'Visa Expiry', aliases: ['visa expiry date'] },
  { key: 'desiredVisa', label: 'Desired Visa', aliases: ['visa applied for'] },
];

const SOURCE_FIELDS: readonly ImportField[] = [
  { key: 'leadSource', label: 'Lead Source', aliases: ['source'] },
  { key: 'socialMediaPlatform', label: 'Social Media Platform', aliases: ['platform'] },
  { key: 'associatePartner', label: 'Associate Partner' },
  { key: 'branchOffice', label: 'Branch Office', aliases: ['branch'] },
];

export const IMPORT_FIELDS: Record<ImportEntity, readonly ImportField[]> = {
  leads: [
    ...PERSON,
    { key: 'gender', label: 'Gender' },
    { key: 'dateOfBirth', label: 'Date of Birth', required: true, aliases: ['dob', 'birth date'] },
    { key: 'nationality', label: 'Nationality', required: true },
    { key: 'countryOfResidence', label: 'Country of Residence', required: true, aliases: ['residence'] },
    { key: 'applicantLocation', label: 'Applicant Location', required: true, aliases: ['location'] },
    ...VISA_FIELDS.slice(1),
    { key: 'leadStatus', label: 'Lead Status', aliases: ['status'] },
    ...SOURCE_FIELDS,
    ...ASSIGNMENT_FIELDS,
  ],
  clients: [
    ...PERSON,
    { key: 'dateOfBirth', label: 'Date of Birth', aliases: ['dob', 'birth date'] },
    { key: 'gender', label: 'Gender' },
    { key: 'nationality', label: 'Nationality' },
    { key: 'maritalStatus', label: 'Marital Status' },
    { key: 'numberOfDependents', label: 'Number of Dependents', aliases: ['dependents'] },
    { key: 'passportNumber', label: 'Passport Number', aliases: ['passport'] },
    { key: 'passportExpiryDate', label: 'Passport Expiry', aliases: ['passport expiry date'] },
    ...VISA_FIELDS,
    { key: 'street1', label: 'Street Address', aliases: ['street', 'address', 'street 1'] },
    { key: 'street2', label: 'Street Address 2', aliases: ['street 2', 'address 2'] },
    { key: 'city', label: 'City', aliases: ['suburb'] },
    { key: 'stateRegion', label: 'State/Region', aliases: ['state', 'region'] },
    { key: 'postalCode', label: 'Postal Code', aliases: ['postcode', 'zip'] },
    { key: 'country', label: 'Country' },
    { key: 'countryOfResidence', label: 'Country of Residence', aliases: ['residence'] },
    ...SOURCE_FIELDS,
    { key: 'status', label: 'Status', aliases: ['client status'] },
    ...ASSIGNMENT_FIELDS,
    { key: 'spouseFirstName', label: 'Spouse First Name' },
    { key: 'spouseMiddleName', label: 'Spouse Middle Name' },
    { key: 'spouseLastName', label: 'Spouse Last Name' },
    { key: 'spouseDateOfBirth', label: 'Spouse Date of Birth' },
    { key: 'spouseNationality', label: 'Spouse Nationality' },
    { key: 'spouseCountryOfResidence', label: 'Spouse Country of Residence' },
    { key: 'company', label: 'Company' },
  ],
};

export const importFieldLabel = (entity: ImportEntity, key: string): string =>
  IMPORT_FIELDS[entity].find((f) => f.key === key)?.label ?? key;

/** 'Date of Birth', 'date_of_birth' and 'DateOfBirth' are one header. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The field each column fills, matched by the field's label, its key or a common other name; a field is
 * filled from one column only (the first that matches), and an unmatched column is left out (null).
 */
export function autoMapping(entity: ImportEntity, headers: readonly string[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const field of IMPORT_FIELDS[entity]) {
    for (const name of [field.label, field.key, ...(field.aliases ?? [])]) {
      const key = normaliseHeader(name);
      if (!byName.has(key)) byName.set(key, field.key);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byName.get(normaliseHeader(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The column mapping a request may send: one field key (or null: not imported) per column of the file. */
export const importMappingSchema = (entity: ImportEntity) => {
  const keys = new Set(IMPORT_FIELDS[entity].map((f) => f.key));
  return z
    .array(z.string().nullable())
    .max(IMPORT_MAX_COLUMNS)
    .superRefine((mapping, ctx) => {
      const seen = new Set<string>();
      for (const key of mapping) {
        if (key === null) continue;
        if (!keys.has(key)) ctx.addIssue({ code: 'custom', message: `Unknown field: ${key}` });
        else if (seen.has(key))
          ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.mappingTwice(importFieldLabel(entity, key)) });
        seen.add(key);
      }
    });
};

const CHOICES: Record<string, readonly string[]> = {
  gender: GENDERS,
  nationality: COUNTRIES,
  countryOfResidence: COUNTRIES,
  country: COUNTRIES,
  spouseNationality: COUNTRIES,
  spouseCountryOfResidence: COUNTRIES,
  applicantLocation: APPLICANT_LOCATIONS,
  currentVisaSubclass: VISAS,
  desiredVisa: VISAS,
  leadStatus: LEAD_STATUSES,
  leadSource: LEAD_SOURCES,
  socialMediaPlatform: SOCIAL_PLATFORMS,
  maritalStatus: MARITAL_STATUSES,
  numberOfDependents: DEPENDENT_COUNTS,
  status: CLIENT_STATUSES,
};
const CHOICE_LOOKUP = new Map(
  Object.entries(CHOICES).map(([field, values]) => [field, new Map(values.map((v) => [v.toLowerCase(), v]))]),
);

const DATE_FIELDS = new Set(['dateOfBirth', 'visaExpiryDate', 'passportExpiryDate', 'spouseDateOfBirth']);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: string) => n.padStart(2, '0');

/**
 * A date as the schemas take it (YYYY-MM-DD) from what spreadsheets hold in Australia: '2026-03-01',
 * '1/3/2026' (day first, DECISIONS §1), '01 Mar 2026'. Anything else stays as it is, for the schema's message.
 */
export function importDate(text: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${pad(dayFirst[2]!)}-${pad(dayFirst[1]!)}`;
  const named = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4})$/.exec(text);
  const month = named ? MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) : -1;
  if (named && month >= 0) return `${named[3]}-${pad(String(month + 1))}-${pad(named[1]!)}`;
  return text;
}

/** A cell as the field's schema takes it: trimmed, a choice in its listed spelling, a date as YYYY-MM-DD. */
export function importCellValue(field: string, raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  if (DATE_FIELDS.has(field)) return importDate(text);
  return CHOICE_LOOKUP.get(field)?.get(text.toLowerCase()) ?? text;
}

/** The values a new record gets when its column is missing or empty: the form's own starting values. */
export const IMPORT_DEFAULTS: Record<ImportEntity, Record<string, string>> = {
  leads: { leadStatus: DEFAULT_LEAD_STATUS, leadSource: DEFAULT_LEAD_SOURCE },
  clients: { status: DEFAULT_CLIENT_STATUS },
};

export const importEntityParamsSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES, { error: IMPORT_MESSAGES.unknownEntity }),
});

export const importQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: IMPORT_MESSAGES.badMode }).default('all_or_nothing'),
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const importPreviewSchema = z.object({
  fileType: z.enum(['csv', 'xlsx']),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  mapping: z.array(z.string().nullable()),
  /** The mapping was saved with an earlier import of a file with these same headers. */
  remembered: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importResultSchema = z.object({
  runId: z.uuid(),
  entity: z.enum(IMPORT_ENTITIES),
  mode: z.enum(IMPORT_MODES),
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Rows refused because the person is already a lead or client, or appears earlier in the file. */
  duplicateRows: z.number().int(),
  importedRows: z.number().int(),
  message: z.string(),
  /** The first errors, one per problem (a row may have several); the error report lists them all. */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  hasErrorReport: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importRunParamsSchema = z.object({ id: z.uuid('Import not found') });

export const IMPORT_ERROR_REPORT_COLUMNS = ['Row', 'Column', 'Message'] as const;
