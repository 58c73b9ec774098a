// Deterministic, realistic leads for the demo seed and the 100k load (seeded PRNG: same input, same rows).
import { type LeadStatus, type Role, SOCIAL_PLATFORMS, DAY_MS } from '@crm/domain';
import type { leads } from '../db/schema/index.ts';

export type GeneratedLead = typeof leads.$inferInsert;

/** mulberry32: small, fast, good enough for test data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

type Origin = {
  country: string;
  /** A mobile number of the country, its 8 N the lead's own digits: valid for libphonenumber. */
  mobile: string;
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
  weight: number;
};

const ORIGINS: readonly Origin[] = [
  {
    country: 'Philippines',
    mobile: '+63 91N NNN NNNN',
    male: ['Jose', 'Mark', 'John Paul', 'Christian', 'Angelo', 'Rommel', 'Jericho', 'Carlo'],
    female: ['Maria', 'Kristine', 'Jasmine', 'Angelica', 'Mary Grace', 'Rowena', 'Camille', 'Bea'],
    last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Aquino', 'Ramos'],
    weight: 16,
  },
  {
    country: 'India',
    mobile: '+91 98NNN NNNNN',
    male: ['Arjun', 'Rahul', 'Vikram', 'Rohan', 'Aditya', 'Karan', 'Siddharth', 'Harpreet'],
    female: ['Priya', 'Ananya', 'Sneha', 'Kavya', 'Pooja', 'Neha', 'Simran', 'Aishwarya'],
    last: ['Patel', 'Sharma', 'Singh', 'Kumar', 'Reddy', 'Iyer', 'Gupta', 'Nair', 'Chopra', 'Desai'],
    weight: 18,
  },
  {
    country: 'Nepal',
    mobile: '+977 98NN NNNNNN',
    male: ['Bikash', 'Sujan', 'Roshan', 'Prakash', 'Nabin', 'Suman'],
    female: ['Sita', 'Anjali', 'Pratiksha', 'Srijana', 'Binita', 'Sabina'],
    last: ['Shrestha', 'Thapa', 'Gurung', 'Adhikari', 'Karki', 'Tamang', 'Rai', 'Magar'],
    weight: 10,
  },
  {
    country: 'China',
    mobile: '+86 138 NNNN NNNN',
    male: ['Wei', 'Hao', 'Jun', 'Lei', 'Yang', 'Zhiwei'],
    female: ['Li Na', 'Xiaoling', 'Mei', 'Yan', 'Jing', 'Xinyi'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou'],
    weight: 10,
  },
  {
    country: 'Vietnam',
    mobile: '+84 9N NNN NNNN',
    male: ['Minh', 'Tuan', 'Duc', 'Huy', 'Khoa', 'Long'],
    female: ['Linh', 'Trang', 'Huong', 'Thao', 'Ngoc', 'Mai'],
    last: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu', 'Dang', 'Bui'],
    weight: 8,
  },
  {
    country: 'Colombia',
    mobile: '+57 31N NNN NNNN',
    male: ['Andrés', 'Santiago', 'Juan David', 'Camilo', 'Sebastián', 'Felipe'],
    female: ['Valentina', 'Daniela', 'Camila', 'Laura', 'Mariana', 'Natalia'],
    last: ['Rodríguez', 'Gómez', 'González', 'Martínez', 'López', 'Hernández', 'Ramírez', 'Castro'],
    weight: 7,
  },
  {
    country: 'United Kingdom',
    mobile: '+44 77NN NNNNNN',
    male: ['Oliver', 'Harry', 'George', 'James', 'Thomas', 'William'],
    female: ['Amelia', 'Olivia', 'Emily', 'Sophie', 'Charlotte', 'Hannah'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thompson', 'Walker'],
    weight: 7,
  },
  {
    country: 'Brazil',
    mobile: '+55 11 9NNNN NNNN',
    male: ['Lucas', 'Gabriel', 'Matheus', 'Rafael', 'Thiago', 'Bruno'],
    female: ['Ana Clara', 'Beatriz', 'Larissa', 'Juliana', 'Fernanda', 'Isabela'],
    last: ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Costa', 'Almeida', 'Ferreira', 'Carvalho'],
    weight: 6,
  },
  {
    country: 'South Korea',
    mobile: '+82 10 NNNN NNNN',
    male: ['Min-jun', 'Ji-hoon', 'Seo-jun', 'Hyun-woo'],
    female: ['Seo-yeon', 'Ji-woo', 'Ha-eun', 'Soo-ah'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang'],
    weight: 4,
  },
  {
    country: 'Pakistan',
    mobile: '+92 30N NNN NNNN',
    male: ['Ahmed', 'Bilal', 'Usman', 'Hamza', 'Faisal'],
    female: ['Ayesha', 'Fatima', 'Sana', 'Zainab', 'Hira'],
    last: ['Khan', 'Ahmed', 'Malik', 'Hussain', 'Qureshi', 'Butt'],
    weight: 5,
  },
  {
    country: 'Sri Lanka',
    mobile: '+94 7N NNN NNNN',
    male: ['Kasun', 'Nuwan', 'Tharindu', 'Dinesh'],
    female: ['Dilani', 'Nadeesha', 'Sachini', 'Ishara'],
    last: ['Perera', 'Fernando', 'Silva', 'Jayasinghe', 'Wickramasinghe', 'Bandara'],
    weight: 4,
  },
  {
    country: 'Indonesia',
    mobile: '+62 812 NNNN NNNN',
    male: ['Budi', 'Agus', 'Rizky', 'Dimas'],
    female: ['Siti', 'Dewi', 'Putri', 'Ayu'],
    last: ['Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Pratama', 'Kusuma'],
    weight: 3,
  },
  {
    country: 'Ireland',
    mobile: '+353 8N NNN NNNN',
    male: ['Conor', 'Seán', 'Cian', 'Darragh'],
    female: ['Aoife', 'Niamh', 'Saoirse', 'Ciara'],
    last: ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan'],
    weight: 2,
  },
];

/** The template with its N replaced by the digits, in order. */
const fillDigits = (template: string, digits: string) => {
  let next = 0;
  return template.replace(/N/g, () => digits[next++] ?? '0');
};

/**
 * A valid Australian number, a different one for each 8-digit `number` (first digit 1-9): a mobile in
 * 040-043 or 046 (ranges libphonenumber knows in full), else a Sydney landline (02 6… to 02 9…).
 */
function australianNumber(number: string): string {
  const mobile = '01236'[Number(number[0]) - 1];
  return mobile === undefined
    ? fillDigits('+61 2 NNNN NNNN', number)
    : fillDigits(`+61 4${mobile}N NNN NNN`, number.slice(1));
}

/** How leads spread over the pipeline: most early, fewer late, a share converted or lost. */
const STATUS_WEIGHTS: readonly (readonly [LeadStatus, number])[] = [
  ['New Lead Received', 18],
  ['In Screening – Booking Consultation', 15],
  ['Consultation Completed', 12],
  ['Agreement Sent – Awaiting Signature', 8],
  ['Agreement Signed – Awaiting Payment', 6],
  ['Converted to Client', 14],
  ['Consultation Only – Not Proceeding Yet', 9],
  ['Ineligible', 6],
  ['Not Proceeding / Lost', 12],
];

const CURRENT_VISAS = [
  ['Student 500', 30],
  ['Temporary Graduate 485', 16],
  ['Working Holiday 417', 12],
  ['Visitor 600', 10],
  ['TSS 482', 10],
  ['Work and Holiday 462', 5],
  ['Bridging A (010)', 6],
  ['Bridging B (020)', 3],
  ['Partner 820/801', 4],
  ['None', 4],
] as const;

/** What people on a visa usually want next. */
const NEXT_VISA: Record<string, readonly string[]> = {
  'Student 500': ['Temporary Graduate 485', 'Skilled Nominated 190', 'Skilled Independent 189', 'Student 500'],
  'Temporary Graduate 485': ['Skilled Nominated 190', 'Skilled Independent 189', 'Skilled Regional 191', 'TSS 482'],
  'Working Holiday 417': ['Working Holiday 417', 'TSS 482', 'Student 500', 'Partner 820/801'],
  'Work and Holiday 462': ['Work and Holiday 462', 'Student 500', 'TSS 482'],
  'Visitor 600': ['Student 500', 'Partner 820/801', 'Visitor 600'],
  'TSS 482': ['ENS 186', 'RSMS 187', 'Skilled Nominated 190'],
  'Partner 820/801': ['Partner 820/801'],
};
const OFFSHORE_VISAS = [
  ['Student 500', 30],
  ['Visitor 600', 14],
  ['Skilled Independent 189', 10],
  ['Skilled Nominated 190', 10],
  ['TSS 482', 10],
  ['Partner 820/801', 6],
  ['Prospective Marriage 300', 3],
  ['Parent 103', 3],
  ['Contributory Parent 143', 3],
  ['Business Innovation 188', 3],
  ['Working Holiday 417', 5],
  ['Skilled Regional 191', 2],
  ['Investor Retirement 405', 1],
] as const;

const SOURCES = [
  ['Website', 30],
  ['Social Media', 24],
  ['Referral', 16],
  ['Direct', 8],
  ['Branch Office', 10],
  ['Associate Partner', 9],
  ['Other', 3],
] as const;
const BRANCHES = ['Sydney CBD', 'Parramatta', 'Melbourne', 'Brisbane', 'Perth', 'Manila', 'Kathmandu'];
const PARTNERS = [
  'Global Study Pathways',
  'Manila Education Hub',
  'Himalayan Overseas Education',
  'Bogotá Study Abroad',
  'EduLink Vietnam',
  'Punjab Career Consultants',
];

/** The demo users a lead can be given, by what each picker offers (spec 1 §6.4). */
export type SeedUsers = {
  managers: readonly string[];
  assistants: readonly string[];
  agents: readonly string[];
  creators: readonly string[];
  /** A consultant: some leads are its own, some assigned to it (its scoped view has data). */
  consultant?: string;
};

export function seedUsersFrom(rows: readonly { id: string; role: string }[]): SeedUsers {
  const of = (...roles: Role[]) => rows.filter((u) => (roles as string[]).includes(u.role)).map((u) => u.id);
  return {
    managers: of('administrator', 'account_administrator', 'supervisor'),
    assistants: of('supervisor', 'team_lead', 'consultant', 'member'),
    agents: of('administrator', 'account_administrator', 'supervisor', 'consultant'),
    creators: of('account_administrator', 'administrator', 'supervisor', 'consultant', 'member'),
    consultant: of('consultant')[0],
  };
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export type GenerateOptions = {
  /** Makes emails and numbers unique across batches. */
  index: number;
  now: Date;
  /** created_at falls in the last `spreadDays` days. */
  spreadDays: number;
  users: SeedUsers;
};

export function generateLead(random: Random, { index, now, spreadDays, users }: GenerateOptions): GeneratedLead {
  const origin = random.weighted(ORIGINS.map((o) => [o, o.weight] as const));
  const female = random.chance(0.52);
  const firstName = random.pick(female ? origin.female : origin.male);
  const lastName = random.pick(origin.last);
  const middleName = random.chance(0.15) ? random.pick(female ? origin.female : origin.male) : null;
  const inside = random.chance(0.58);
  const currentVisa = inside ? random.weighted(CURRENT_VISAS) : null;
  const desiredVisa = inside
    ? random.pick(NEXT_VISA[currentVisa ?? ''] ?? ['Skilled Nominated 190', 'Student 500', 'Partner 820/801'])
    : random.weighted(OFFSHORE_VISAS);
  const leadStatus = random.weighted(STATUS_WEIGHTS);
  const leadSource = random.weighted(SOURCES);

  // Recent weeks a little busier than older ones, so the trend chart shows growth.
  const age = Math.floor(Math.pow(random.next(), 1.25) * spreadDays * DAY_MS);
  const createdAt = new Date(now.getTime() - age - random.int(0, 36_000_000));
  const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 20) * DAY_MS));
  const converted = leadStatus === 'Converted to Client';
  const convertedAt = converted
    ? new Date(
        Math.max(
          createdAt.getTime(),
          Math.min(now.getTime() - 3_600_000, createdAt.getTime() + random.int(7, 60) * DAY_MS),
        ),
      )
    : null;

  const birth = new Date(now.getTime() - random.int(18 * 365, 55 * 365) * DAY_MS);
  const visaExpiry =
    currentVisa && currentVisa !== 'None' ? new Date(now.getTime() + random.int(-60, 900) * DAY_MS) : null;

  const creator = users.consultant && random.chance(0.12) ? users.consultant : random.pick(users.creators);
  // Staff name a manager and an assistant manager (spec 1 §5.1); about one in ten website enquiries
  // arrived through the public form and wait, 'Unassigned', for someone to take them.
  const unassigned = leadSource === 'Website' && random.chance(0.1);
  const assistant = unassigned
    ? null
    : users.consultant && random.chance(0.12)
      ? users.consultant
      : users.assistants.length
        ? random.pick(users.assistants)
        : null;
  const hidden = random.chance(0.03);
  const number = String(10_000_000 + ((index * 7_919) % 89_999_999)).padStart(8, '0');

  return {
    firstName,
    middleName,
    lastName,
    gender: random.chance(0.03) ? 'Other' : female ? 'Female' : 'Male',
    dateOfBirth: isoDate(birth),
    nationality: origin.country,
    countryOfResidence: inside
      ? 'Australia'
      : random.chance(0.9)
        ? origin.country
        : random.pick(['New Zealand', 'United Arab Emirates', 'Singapore', 'Canada']),
    email: `${ascii(firstName)}.${ascii(lastName)}.${index}@${random.pick(['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com'])}`,
    contactNumber: inside ? australianNumber(number) : fillDigits(origin.mobile, number),
    applicantLocation: inside ? 'Inside Australia' : 'Outside Australia',
    currentVisaSubclass: currentVisa,
    desiredVisa,
    visaExpiryDate: visaExpiry ? isoDate(visaExpiry) : null,
    leadStatus,
    leadSource,
    socialMediaPlatform: leadSource === 'Social Media' ? random.pick(SOCIAL_PLATFORMS) : null,
    branchOffice: leadSource === 'Branch Office' ? random.pick(BRANCHES) : null,
    associatePartner: leadSource === 'Associate Partner' ? random.pick(PARTNERS) : null,
    managerUserId: unassigned || users.managers.length === 0 ? null : random.pick(users.managers),
    assistantManagerUserId: assistant,
    migrationAgentUserId: random.chance(0.4) && users.agents.length ? random.pick(users.agents) : null,
    convertedAt,
    statusBeforeConversion: converted ? 'Agreement Signed – Awaiting Payment' : null,
    ...(hidden ? { isHidden: true, hiddenAt: updatedAt, hiddenReason: 'Hidden by user' } : { isHidden: false }),
    createdAt,
    updatedAt,
    createdBy: creator,
    updatedBy: creator,
  };
}
