// Deterministic, realistic clients for the demo seed and the large load: a generated (or converted) lead's
// person, completed with what a client file holds (passport, address, family, case status).
import { type ClientStatus, type DependentRecord, DEPENDENT_RELATIONSHIPS, isBridgingVisa, DAY_MS } from '@crm/domain';
import type { clients } from '../db/schema/index.ts';
import { leadPerson } from '../features/leads/lead-person.ts';
import { generateLead, type GenerateOptions, type Random } from './lead-generator.ts';

export type GeneratedClient = typeof clients.$inferInsert;

/** How clients spread over the case pipeline (Reverted only comes from the demo seed's reversions). */
const STATUS_WEIGHTS: readonly (readonly [ClientStatus, number])[] = [
  ['Active', 18],
  ['Assessment - In Progress', 10],
  ['Documents - Gathering', 10],
  ['Application - Draft', 6],
  ['Application - Lodged', 10],
  ['Application - Additional Info Required', 4],
  ['Decision - Pending', 6],
  ['Decision - Granted', 6],
  ['Decision - Refused', 2],
  ['Visa - Active', 8],
  ['Visa - Expired', 2],
  ['On Hold', 4],
  ['Inactive', 4],
  ['Completed', 5],
  ['Cancelled', 2],
];

const MARITAL = [
  ['Single', 46],
  ['Married', 34],
  ['De Facto', 12],
  ['Divorced', 6],
  ['Widowed', 2],
] as const;

const CITIES = [
  { city: 'Sydney', state: 'NSW', postcode: '2000' },
  { city: 'Parramatta', state: 'NSW', postcode: '2150' },
  { city: 'Melbourne', state: 'VIC', postcode: '3000' },
  { city: 'Box Hill', state: 'VIC', postcode: '3128' },
  { city: 'Brisbane', state: 'QLD', postcode: '4000' },
  { city: 'Perth', state: 'WA', postcode: '6000' },
  { city: 'Adelaide', state: 'SA', postcode: '5000' },
  { city: 'Hobart', state: 'TAS', postcode: '7000' },
  { city: 'Canberra', state: 'ACT', postcode: '2601' },
];
const STREETS = [
  'George St',
  'Church St',
  'Victoria Rd',
  'King St',
  'Smith St',
  'High St',
  'Station St',
  'Park Ave',
  'Queen St',
  'Elizabeth St',
];
const COMPANIES = [
  'Harbour Logistics',
  'Sunrise Aged Care',
  'Metro Hospitality Group',
  'BuildRight Constructions',
  'Southern Cross IT',
  'GreenLeaf Farms',
];
const SPOUSE_NAMES = [
  'Alex',
  'Sam',
  'Jamie',
  'Maria',
  'Anjali',
  'Wei',
  'Linh',
  'Carlos',
  'Fatima',
  'Sita',
  'Daniel',
  'Grace',
];
const CHILD_NAMES = ['Mia', 'Noah', 'Aarav', 'Isla', 'Leo', 'Zara', 'Ethan', 'Ava', 'Kai', 'Maya', 'Arjun', 'Lily'];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A version-4-shaped uuid drawn from the seeded generator, so the same seed gives the same rows. */
export function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A passport number in the style of the issuing country: a letter or two and seven or eight digits. */
const passportNumber = (random: Random) =>
  `${String.fromCharCode(65 + random.int(0, 25))}${random.chance(0.4) ? String.fromCharCode(65 + random.int(0, 25)) : ''}${random.int(1_000_000, 99_999_999)}`;

/**
 * Completes a client with passport (expiries spread over Expired / Expiring Soon / Valid), address,
 * family (spouse for Married / De Facto, dependents) and a case status; fixes the visa block so the
 * client form's rules (spec 1 §5.2) hold.
 */
export function completeClient(random: Random, base: GeneratedClient, now: Date): GeneratedClient {
  const inside = base.applicantLocation === 'Inside Australia';
  const maritalStatus = random.weighted(MARITAL);
  const withSpouse = maritalStatus === 'Married' || maritalStatus === 'De Facto';
  const dependentCount =
    withSpouse || random.chance(0.15)
      ? random.weighted([
          [0, 45],
          [1, 25],
          [2, 20],
          [3, 8],
          [4, 2],
        ] as const)
      : 0;
  const passportDays = random.weighted([
    [-random.int(1, 400), 12],
    [random.int(1, 180), 18],
    [random.int(181, 3000), 70],
  ] as const);
  const place = random.pick(CITIES);
  const nationality = base.nationality ?? 'India';
  const dependents: DependentRecord[] = Array.from({ length: dependentCount }, () => {
    const birth = new Date(now.getTime() - random.int(1, 17) * 365 * DAY_MS);
    return {
      id: seededUuid(random),
      firstName: random.pick(CHILD_NAMES),
      lastName: base.lastName,
      dateOfBirth: isoDate(birth),
      nationality,
      relationship: random.weighted(DEPENDENT_RELATIONSHIPS.map((r, i) => [r, i === 0 ? 20 : 1] as const)),
      ...(random.chance(0.6)
        ? {
            passportNumber: passportNumber(random),
            passportExpiryDate: isoDate(new Date(now.getTime() + random.int(-100, 2500) * DAY_MS)),
          }
        : {}),
      countryOfResidence: inside ? 'Australia' : (base.countryOfResidence ?? nationality),
    };
  });

  // Client form rules: a current visa (not None) inside Australia, its expiry unless Bridging or Other;
  // a desired visa outside Australia that is neither None nor a Bridging visa.
  let currentVisaSubclass = inside ? base.currentVisaSubclass : null;
  let visaExpiryDate = inside ? base.visaExpiryDate : null;
  if (inside && (!currentVisaSubclass || currentVisaSubclass === 'None')) currentVisaSubclass = 'Visitor 600';
  if (inside && currentVisaSubclass !== 'Other' && !isBridgingVisa(currentVisaSubclass) && !visaExpiryDate) {
    visaExpiryDate = isoDate(new Date(now.getTime() + random.int(-30, 700) * DAY_MS));
  }
  const desiredVisa =
    base.desiredVisa && base.desiredVisa !== 'None' && !isBridgingVisa(base.desiredVisa)
      ? base.desiredVisa
      : 'Skilled Nominated 190';

  return {
    ...base,
    currentVisaSubclass,
    visaExpiryDate,
    desiredVisa,
    status: random.weighted(STATUS_WEIGHTS),
    maritalStatus,
    numberOfDependents: String(dependentCount),
    dependents,
    passportNumber: passportNumber(random),
    passportExpiryDate: isoDate(new Date(now.getTime() + passportDays * DAY_MS)),
    ...(inside
      ? {
          street1: `${random.int(1, 480)} ${random.pick(STREETS)}`,
          street2: random.chance(0.3) ? `Unit ${random.int(1, 60)}` : null,
          city: place.city,
          stateRegion: place.state,
          postalCode: place.postcode,
          country: 'Australia',
        }
      : { country: base.countryOfResidence ?? nationality, city: null }),
    ...(withSpouse
      ? {
          spouseFirstName: random.pick(SPOUSE_NAMES),
          spouseLastName: random.chance(0.7)
            ? base.lastName
            : random.pick(['Smith', 'Nguyen', 'Garcia', 'Singh', 'Chen']),
          spouseNationality: random.chance(0.8)
            ? nationality
            : random.pick(['Australia', 'New Zealand', 'Philippines', 'India']),
          spouseDateOfBirth: isoDate(new Date(now.getTime() - random.int(20 * 365, 55 * 365) * DAY_MS)),
          spouseCountryOfResidence: inside ? 'Australia' : (base.countryOfResidence ?? nationality),
        }
      : {}),
    company: random.chance(0.35) ? random.pick(COMPANIES) : null,
  };
}

/** A client that did not come from a lead (walk-in, referral): a generated person, completed. */
export function generateClient(random: Random, options: GenerateOptions): GeneratedClient {
  const lead = generateLead(random, options);
  return completeClient(
    random,
    {
      ...leadPerson(lead),
      isHidden: lead.isHidden,
      hiddenAt: lead.hiddenAt,
      hiddenReason: lead.hiddenReason,
      userId: lead.createdBy,
      createdBy: lead.createdBy,
      updatedBy: lead.updatedBy,
      createdAt: lead.createdAt,
      updatedAt: lead.updatedAt,
    },
    options.now,
  );
}
