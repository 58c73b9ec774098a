// The service form's values (text, as the inputs hold them: money never becomes a number), their mapping
// to and from the API, the form's validator (the domain schema the server uses, so the messages match)
// and the figures the form shows as the user types (exact cents, no float).
import {
  balanceDueOf,
  type Cents,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_SERVICE_STATUS,
  formatMoney,
  parseMoney,
  SERVICE_CATEGORIES,
  type ServiceCategory,
  serviceInputSchema,
  type ServiceRecord,
  type ServiceStatus,
  serviceTypeNameKey,
  type ServiceTypeRecord,
  sumMoney,
  type TaxTreatment,
  type TermStatus,
  TUITION_FEE,
} from '@crm/domain';

export type TermFormValues = {
  /** A stable key for the list while terms are added and removed (never sent). */
  key: string;
  termName: string;
  amount: string;
  paidAmount: string;
  dueDate: string;
  paymentDate: string;
  notes: string;
  /** The status the server derived when the term was last saved; null for a new term (never sent). */
  savedStatus: TermStatus | null;
};

export type ServiceFormValues = {
  serviceName: string;
  /** Kept as stored; the form sets it with the name when the name is one of the categories. */
  serviceCategory: string;
  serviceDescription: string;
  serviceStatus: string;
  serviceFee: string;
  paidAmount: string;
  currency: string;
  startDate: string;
  completionDate: string;
  notes: string;
  tuitionTerms: TermFormValues[];
  /** '' until a service type is chosen (then its treatment); the server takes the catalogue's for ''. */
  taxTreatment: TaxTreatment | '';
};

/** What the form sends with `version` to PATCH: every field, an empty one as null (which clears it). */
export type ServiceBody = ReturnType<typeof toServiceBody>;
/** What the form sends to POST: the same, an empty date left out. */
export type NewServiceBody = ReturnType<typeof toNewServiceBody>;

let termKeys = 0;
const nextTermKey = () => `term-${++termKeys}`;

/** Spec 2 §3: a new term is named 'Term N'. */
export function newTerm(position: number): TermFormValues {
  return {
    key: nextTermKey(),
    termName: `Term ${position}`,
    amount: '',
    paidAmount: '0.00',
    dueDate: '',
    paymentDate: '',
    notes: '',
    savedStatus: null,
  };
}

export function emptyServiceValues(): ServiceFormValues {
  return {
    serviceName: '',
    serviceCategory: '',
    serviceDescription: '',
    serviceStatus: DEFAULT_SERVICE_STATUS,
    serviceFee: '',
    paidAmount: '0.00',
    currency: DEFAULT_CURRENCY,
    startDate: '',
    completionDate: '',
    notes: '',
    tuitionTerms: [],
    taxTreatment: '',
  };
}

export function serviceToFormValues(service: ServiceRecord): ServiceFormValues {
  return {
    serviceName: service.serviceName,
    serviceCategory: service.serviceCategory ?? '',
    serviceDescription: service.serviceDescription ?? '',
    serviceStatus: service.serviceStatus,
    serviceFee: service.serviceFee ?? '',
    paidAmount: service.paidAmount,
    currency: service.currency,
    startDate: service.startDate ?? '',
    completionDate: service.completionDate ?? '',
    notes: service.notes ?? '',
    taxTreatment: service.taxTreatment,
    tuitionTerms: service.tuitionTerms.map((term) => ({
      key: nextTermKey(),
      termName: term.termName,
      amount: term.amount,
      paidAmount: term.paidAmount,
      dueDate: term.dueDate ?? '',
      paymentDate: term.paymentDate ?? '',
      notes: term.notes ?? '',
      savedStatus: term.status,
    })),
  };
}

export const isTuitionFee = (values: Pick<ServiceFormValues, 'serviceName'>) => values.serviceName === TUITION_FEE;

const isCategory = (name: string): name is ServiceCategory => (SERVICE_CATEGORIES as readonly string[]).includes(name);
const orNull = (text: string) => (text.trim() === '' ? null : text);
/** An empty date left out: the server reads it as none, as it does null (a term is sent whole). */
const orNone = (text: string) => (text.trim() === '' ? undefined : text);
/** An empty amount is none; the schema says what is wrong with any other text. */
const amountOrZero = (text: string) => (text.trim() === '' ? '0' : text.trim());

/**
 * The body the form sends: every field, empty ones as null (a PATCH then clears them), terms only for
 * 'Tuition Fee' (the server drops them for any other service; the form does not send what it would drop).
 * The choices' text goes as the server's values: the form's validator (this body through the domain's
 * schema) stops a save while one is not.
 */
export function toServiceBody(values: ServiceFormValues) {
  const { paid, paidFromTerms } = serviceFigures(values);
  return {
    serviceName: values.serviceName,
    serviceCategory: isCategory(values.serviceName)
      ? values.serviceName
      : (orNull(values.serviceCategory) as ServiceCategory | null),
    serviceDescription: orNull(values.serviceDescription),
    serviceStatus: values.serviceStatus as ServiceStatus,
    serviceFee: values.serviceFee.trim() === '' ? null : values.serviceFee.trim(),
    // With terms the paid amount is theirs (the server adds them up again); the typed one is not used.
    paidAmount: paidFromTerms ? formatMoney(paid ?? 0n) : amountOrZero(values.paidAmount),
    currency: values.currency as Currency,
    startDate: orNull(values.startDate),
    completionDate: orNull(values.completionDate),
    notes: orNull(values.notes),
    tuitionTerms: isTuitionFee(values)
      ? values.tuitionTerms.map((term, index) => ({
          termName: term.termName.trim() || `Term ${index + 1}`,
          amount: amountOrZero(term.amount),
          paidAmount: amountOrZero(term.paidAmount),
          dueDate: orNone(term.dueDate),
          paymentDate: orNone(term.paymentDate),
          notes: orNull(term.notes),
        }))
      : [],
    // Not chosen: left out, so the server takes the catalogue's (a change keeps the stored one).
    ...(values.taxTreatment ? { taxTreatment: values.taxTreatment } : {}),
  };
}

/** The body of a new service: as toServiceBody, an empty date left out (the server reads null alike). */
export const toNewServiceBody = (values: ServiceFormValues) => ({
  ...toServiceBody(values),
  startDate: orNone(values.startDate),
  completionDate: orNone(values.completionDate),
});

/** The catalogue's type of a name (any case), when there is one. */
export const serviceTypeNamed = (types: readonly ServiceTypeRecord[] | undefined, name: string) =>
  types?.find((t) => serviceTypeNameKey(t.name) === serviceTypeNameKey(name));

/**
 * The names the form offers: the catalogue's types not archived (the fixed categories until it has loaded),
 * and a saved service's own name, whatever became of its type.
 */
export function serviceNameOptions(
  types: readonly ServiceTypeRecord[] | undefined,
  savedName: string | null,
): string[] {
  const names = types ? types.filter((t) => !t.archived).map((t) => t.name) : [...SERVICE_CATEGORIES];
  if (savedName && !names.some((n) => serviceTypeNameKey(n) === serviceTypeNameKey(savedName))) names.push(savedName);
  return names;
}

/**
 * A service type chosen (or another currency): the treatment becomes the type's, and an empty fee takes the
 * type's default fee in the service's currency. A fee the user typed is never replaced.
 */
export function withServiceType(
  values: ServiceFormValues,
  types: readonly ServiceTypeRecord[] | undefined,
  change: { serviceName?: string; currency?: string },
): ServiceFormValues {
  const next = { ...values, ...change };
  const type = serviceTypeNamed(types, next.serviceName);
  if (!type) return next;
  const fee = type.defaultFees[next.currency as keyof ServiceTypeRecord['defaultFees']] ?? null;
  return {
    ...next,
    taxTreatment: change.serviceName !== undefined ? type.defaultTreatment : next.taxTreatment || type.defaultTreatment,
    serviceFee: next.serviceFee.trim() === '' && fee !== null ? fee : next.serviceFee,
  };
}

/**
 * The form's validator: the domain's service schema over the body the form would send, its issues keyed
 * by the form's paths ('serviceFee', 'tuitionTerms.0.amount', 'tuitionTerms' for the terms' total).
 */
export function serviceFormErrors(values: ServiceFormValues): Record<string, string> {
  const result = serviceInputSchema.safeParse(toServiceBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'serviceName';
    errors[path] ??= issue.message;
  }
  return errors;
}

export type ServiceFigures = {
  /** The fee in cents; null when none is given; undefined while the text is no amount. */
  fee: Cents | null | undefined;
  /** What is paid: the terms' paid amounts when the service has terms, else the paid amount. */
  paid: Cents | undefined;
  /** Fee minus paid (a service without a fee owes nothing); undefined while an amount is unreadable. */
  balance: Cents | undefined;
  /** The terms' amounts added up (0 without terms). */
  termsTotal: Cents | undefined;
  /** Whether the paid amount comes from the terms (it cannot be typed then). */
  paidFromTerms: boolean;
};

const cents = (text: string): Cents | undefined => (text.trim() === '' ? 0n : parseMoney(text));

function sumOf(amounts: (Cents | undefined)[]): Cents | undefined {
  return amounts.every((a) => a !== undefined) ? sumMoney(amounts as Cents[]) : undefined;
}

/** The form's live figures, exactly as the server will compute them (domain: paidAmountOf, balanceDueOf). */
export function serviceFigures(values: ServiceFormValues): ServiceFigures {
  const terms = isTuitionFee(values) ? values.tuitionTerms : [];
  const fee = values.serviceFee.trim() === '' ? null : parseMoney(values.serviceFee);
  const paidFromTerms = terms.length > 0;
  const paid = paidFromTerms ? sumOf(terms.map((t) => cents(t.paidAmount))) : cents(values.paidAmount);
  const balance = fee === undefined || paid === undefined ? undefined : balanceDueOf(fee, paid);
  return { fee, paid, balance, termsTotal: sumOf(terms.map((t) => cents(t.amount))), paidFromTerms };
}
