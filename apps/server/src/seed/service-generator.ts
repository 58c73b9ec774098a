// Deterministic, realistic services for the demo seed and the large load (issue 11 item 7): what a
// migration firm sells, in AUD mostly and PHP for its Manila desk, with tuition paid in terms and partial
// payments. Amounts are built as whole cents and written as decimal strings: no float on the way.
import {
  DEFAULT_SERVICE_TYPES,
  formatMoney,
  type ServiceCategory,
  SERVICE_STATUSES,
  treatmentForServiceName,
  TUITION_FEE,
  DAY_MS,
} from '@crm/domain';
import type { services, StoredPaymentTerm } from '../db/schema/index.ts';
import type { Random } from './lead-generator.ts';

export type GeneratedService = typeof services.$inferInsert;

/** Fee ranges per category, in whole currency units (AUD; PHP fees are about 38 times these). */
const CATEGORIES: readonly (readonly [ServiceCategory, number, number, number])[] = [
  ['Consultation Fee', 150, 350, 30],
  ['Professional Fee - Student Visa', 1_200, 2_800, 18],
  ['Professional Fee - Visit Visa', 600, 1_400, 10],
  ['Visa Application', 195, 4_640, 16],
  ['Skills Assessment', 500, 1_300, 8],
  ['Health Insurance', 480, 2_400, 8],
  [TUITION_FEE, 12_000, 38_000, 7],
  ['Other', 50, 900, 3],
];

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One service of a lead or client, created within `spreadDays` before `now`. */
export function generateService(
  random: Random,
  owner: { leadId?: string; clientId?: string; createdBy?: string | null },
  now: Date,
  spreadDays: number,
): GeneratedService {
  const [name, low, high] = random.weighted(CATEGORIES.map((c) => [c, c[3]] as const));
  const currency = random.chance(0.22) ? 'PHP' : 'AUD';
  const units = random.int(low, high) * (currency === 'PHP' ? 38 : 1);
  const fee = BigInt(units) * 100n;
  const created = now.getTime() - random.int(0, spreadDays) * DAY_MS;
  const start = created + random.int(0, 20) * DAY_MS;
  const status = random.weighted(SERVICE_STATUSES.map((s, i) => [s, [60, 25, 10, 5][i]!] as const));

  let paid: bigint;
  let terms: StoredPaymentTerm[] = [];
  if (name === TUITION_FEE) {
    const count = random.pick([2, 3, 4]);
    const share = fee / BigInt(count);
    let paidTerms = 0n;
    terms = Array.from({ length: count }, (_, i) => {
      const amount = i === count - 1 ? fee - share * BigInt(count - 1) : share;
      const due = start + i * 120 * DAY_MS;
      const termPaid =
        due < now.getTime() && random.chance(0.8) ? amount : i === 0 && random.chance(0.3) ? amount / 2n : 0n;
      paidTerms += termPaid;
      return {
        termNumber: i + 1,
        termName: `Term ${i + 1}`,
        amount: formatMoney(amount),
        paidAmount: formatMoney(termPaid),
        dueDate: isoDate(due),
        paymentDate: termPaid > 0n ? isoDate(Math.min(due, now.getTime())) : null,
        notes: null,
      };
    });
    paid = paidTerms;
  } else {
    const roll = random.next();
    paid = status === 'Completed' || roll < 0.45 ? fee : roll < 0.75 ? (fee * BigInt(random.int(20, 80))) / 100n : 0n;
  }

  return {
    leadId: owner.leadId ?? null,
    clientId: owner.clientId ?? null,
    serviceName: name,
    serviceCategory: name,
    // What the catalogue gives a service of this name (docs/decisions/0024).
    taxTreatment: treatmentForServiceName(name, DEFAULT_SERVICE_TYPES),
    serviceStatus: status,
    serviceFee: formatMoney(fee),
    paidAmount: formatMoney(paid),
    currency,
    startDate: isoDate(start),
    completionDate:
      status === 'Completed' ? isoDate(Math.min(now.getTime(), start + random.int(10, 90) * DAY_MS)) : null,
    tuitionTerms: terms,
    createdAt: new Date(created),
    updatedAt: new Date(created),
    createdBy: owner.createdBy ?? null,
    updatedBy: owner.createdBy ?? null,
  };
}
