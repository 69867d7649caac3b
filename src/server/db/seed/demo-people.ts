import type { Currency } from '@/shared/constants';
import type { Random } from './random';

/** A region of the customer base: names, how phone numbers look, and the currency people pay in. */
export interface PeopleGroup {
  region: string;
  currency: Currency;
  /** Share of customers from this region (weights, not percentages). */
  weight: number;
  first: readonly string[];
  last: readonly string[];
  phone(rng: Random): string;
  domains: readonly string[];
}

export const PEOPLE_GROUPS: readonly PeopleGroup[] = [
  {
    region: 'India',
    currency: 'INR',
    weight: 30,
    first: [
      'Aarav',
      'Priya',
      'Rohan',
      'Ananya',
      'Vikram',
      'Kavya',
      'Arjun',
      'Neha',
      'Siddharth',
      'Isha',
      'Aditya',
      'Meera',
      'Karthik',
      'Diya',
    ],
    last: ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Mehta', 'Kapoor', 'Banerjee', 'Rao', 'Desai', 'Menon'],
    phone: (r) => `+91 ${r.pick(['98', '97', '91', '88', '70'])}${r.digits(3)} ${r.digits(5)}`,
    domains: ['gmail.com', 'gmail.com', 'yahoo.in', 'outlook.com', 'rediffmail.com'],
  },
  {
    region: 'United States',
    currency: 'USD',
    weight: 25,
    first: [
      'Emily',
      'Michael',
      'Sarah',
      'James',
      'Olivia',
      'Daniel',
      'Chloe',
      'Marcus',
      'Hannah',
      'Tyler',
      'Aaliyah',
      'Brandon',
    ],
    last: [
      'Johnson',
      'Carter',
      'Nguyen',
      'Brooks',
      'Miller',
      'Thompson',
      'Kim',
      'Rivera',
      'Walker',
      'Bennett',
      'Coleman',
      'Hayes',
    ],
    phone: (r) => `+1 (${r.pick(['415', '212', '646', '512', '206', '312', '617'])}) 555-01${r.digits(2)}`,
    domains: ['gmail.com', 'gmail.com', 'outlook.com', 'icloud.com', 'yahoo.com'],
  },
  {
    region: 'Spain',
    currency: 'EUR',
    weight: 12,
    first: ['José', 'María', 'Lucía', 'Andrés', 'Sofía', 'Martín', 'Camila', 'Diego', 'Inés', 'Álvaro'],
    last: ['Álvarez', 'García', 'Fernández', 'Núñez', 'López', 'Martínez', 'Peña', 'Ibáñez', 'Ortega', 'Muñoz'],
    phone: (r) => `+34 6${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
    domains: ['gmail.com', 'hotmail.es', 'outlook.es', 'protonmail.com'],
  },
  {
    region: 'Western Europe',
    currency: 'EUR',
    weight: 13,
    first: [
      'Jürgen',
      'Léa',
      'Zoë',
      'François',
      'Mathilde',
      'Lukas',
      'Søren',
      'Björn',
      'Chloé',
      'Émile',
      'Anneke',
      'Matteo',
    ],
    last: [
      'Müller',
      'Schröder',
      'Dubois',
      'Lefèvre',
      'Bergström',
      'Jørgensen',
      'Weiß',
      'Moreau',
      'de Vries',
      'Rossi',
      'Fischer',
      'Janssen',
    ],
    phone: (r) =>
      r.pick([
        `+49 15${r.digits(1)} ${r.digits(7)}`,
        `+33 6 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`,
        `+31 6 ${r.digits(8)}`,
      ]),
    domains: ['gmail.com', 'web.de', 'gmx.de', 'orange.fr', 'outlook.com'],
  },
  {
    region: 'United Kingdom',
    currency: 'GBP',
    weight: 12,
    first: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Freya', 'Jack', 'Poppy', 'Siobhan', 'Callum'],
    last: ["O'Brien", 'Smith', 'Hughes', 'Clarke', 'Evans', 'Murphy', 'Wright', 'Ahmed', 'Taylor', 'Khan'],
    phone: (r) => `+44 7700 9${r.digits(5)}`,
    domains: ['gmail.com', 'btinternet.com', 'outlook.com', 'yahoo.co.uk'],
  },
  {
    region: 'Elsewhere',
    currency: 'USD',
    weight: 8,
    first: ['Yuki', 'Wei', 'Chinedu', 'Amara', 'Fatima', 'Mehmet', 'Thảo', 'Kwame', 'Renata', 'Ayşe'],
    last: ['Tanaka', 'Chen', 'Okafor', 'Nwosu', 'Al-Sayed', 'Yılmaz', 'Nguyễn', 'Mensah', 'Oliveira', 'Demir'],
    phone: (r) =>
      r.pick([
        `+81 90 ${r.digits(4)} ${r.digits(4)}`,
        `+234 80${r.digits(1)} ${r.digits(3)} ${r.digits(4)}`,
        `+55 11 9${r.digits(4)}-${r.digits(4)}`,
      ]),
    domains: ['gmail.com', 'outlook.com', 'yahoo.com', 'protonmail.com'],
  },
];

export const OCCUPATIONS = [
  'Software Engineer',
  'Student',
  'Marketing Manager',
  'Data Analyst',
  'Graphic Designer',
  'Product Manager',
  'High School Teacher',
  'Accountant',
  'Freelance Developer',
  'Customer Support Lead',
  'Business Analyst',
  'Nurse',
  'Small Business Owner',
  'QA Engineer',
  'Content Writer',
  'Operations Coordinator',
] as const;

export const INTERESTS = [
  'Web development',
  'Machine learning',
  'UX research and prototyping',
  'Growth and performance marketing',
  'Cloud infrastructure',
  'Mobile app development',
  'Data visualisation',
  'Freelancing and side projects',
  'Switching careers into tech',
  'Automation with Python',
] as const;

export const PAST_EXPERIENCES = [
  'Built a few WordPress sites for local businesses.',
  'Two years as a junior analyst working in Excel and SQL.',
  'None yet: switching careers from hospitality.',
  'Computer science degree, mostly Java and C++.',
  'Self-taught HTML, CSS and a little JavaScript from YouTube.',
  'Ran paid social campaigns for an e-commerce store.',
  'Designed print materials for five years, new to digital product design.',
  'Maintained Linux servers at a hosting company.',
  'Completed an online Python course last year.',
  'Published two small Android apps written in Kotlin.',
  'Led a small support team and wrote internal tooling in Google Apps Script.',
  'Bootcamp graduate, one internship in a fintech start-up.',
] as const;

const FOLD: Record<string, string> = { ø: 'o', Ø: 'O', ß: 'ss', ı: 'i', æ: 'ae', ł: 'l', đ: 'd', Đ: 'D' };

/** ASCII form of a name for an email address: 'José Álvarez' -> 'jose', 'alvarez'. */
export function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØßıæłđĐ]/g, (c) => FOLD[c] ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** One region by weight. */
export function pickGroup(rng: Random): PeopleGroup {
  const total = PEOPLE_GROUPS.reduce((sum, g) => sum + g.weight, 0);
  let roll = rng.next() * total;
  for (const group of PEOPLE_GROUPS) {
    roll -= group.weight;
    if (roll < 0) return group;
  }
  return PEOPLE_GROUPS[0]!;
}
