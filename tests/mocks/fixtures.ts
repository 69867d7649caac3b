import type { Activity, Batch, Course, Enrollment, Service, User } from '@/shared/schemas';

/** Small, typed data for component tests; each test may override with server.use(). */
export const adminUser: User = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Admin',
  email: 'admin@coursedesk.dev',
  isVerified: true,
  createdAt: '2026-01-02T10:00:00.000Z',
  role: 'admin',
};

export const users: User[] = [
  {
    _id: '10000000-0000-4000-8000-000000000001',
    name: 'Ann Lee',
    email: 'ann.lee@example.com',
    isVerified: true,
    createdAt: '2026-10-01T09:30:00.000Z',
    age: 29,
    occupation: 'Designer',
    contactNo: '+1 555 0101',
    interest: 'UI/UX',
    pastExperience: 'Two years in agencies',
    role: 'user',
  },
  {
    _id: '10000000-0000-4000-8000-000000000002',
    name: 'José Álvarez',
    email: 'jose@example.es',
    isVerified: false,
    createdAt: '2026-09-12T14:00:00.000Z',
    age: null,
    occupation: null,
    contactNo: null,
    interest: null,
    pastExperience: null,
    role: 'user',
  },
  {
    _id: '10000000-0000-4000-8000-000000000003',
    name: 'Priya Nair',
    email: 'priya.nair@example.in',
    isVerified: true,
    createdAt: '2026-08-20T08:15:00.000Z',
    age: 34,
    occupation: 'Data Analyst',
    contactNo: '+91 98765 43210',
    interest: 'Data Science',
    pastExperience: 'SQL and Excel',
    role: 'user',
  },
];

export const courses: Course[] = [
  {
    _id: '20000000-0000-4000-8000-000000000001',
    cardData: {
      image: '/images/courses/full-stack-web-development.svg',
      title: 'Full-Stack Web Development',
      description: 'Build and ship modern web apps end to end.',
      rating: 4.7,
      reviews: 128,
      price: 499,
    },
    pageData: {
      title: 'Full-Stack Web Development',
      description: 'From HTML to deployment.',
      slug: 'full-stack-web-development',
      price: 499,
      discountPrice: 399,
      courseDetails: {
        duration: '12 weeks',
        level: 'Beginner',
        language: 'English',
        certificate: 'Yes',
        instructor: 'Maya Chen',
        enrollmentDeadline: '2026-12-15',
        startDate: '2027-01-10',
      },
      syllabus: [
        {
          _id: '21000000-0000-4000-8000-000000000001',
          week: 1,
          topic: 'HTML & CSS',
          details: 'Semantic markup and layout.',
        },
        {
          _id: '21000000-0000-4000-8000-000000000002',
          week: 2,
          topic: 'JavaScript',
          details: 'The language of the web.',
        },
      ],
      faq: [{ _id: '22000000-0000-4000-8000-000000000001', question: 'Do I need experience?', answer: 'No.' }],
      reviews: [{ _id: '23000000-0000-4000-8000-000000000001', reviewer: 'Sam', comment: 'Great course.', rating: 5 }],
      additionalResources: [
        { _id: '24000000-0000-4000-8000-000000000001', name: 'MDN', link: 'https://developer.mozilla.org' },
      ],
      tableData: [{ _id: '25000000-0000-4000-8000-000000000001', feature: 'Projects', value: '6' }],
      whatYouWillLearn: ['Build REST APIs', 'Deploy to the cloud'],
    },
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-10-05T10:00:00.000Z',
  },
];

export const batches: Batch[] = [
  {
    _id: '30000000-0000-4000-8000-000000000002',
    batchName: 'Winter 2026',
    startDate: '2026-11-01T00:00:00.000Z',
    endDate: null,
    isActive: true,
    createdAt: '2026-10-20T00:00:00.000Z',
    enrollmentCount: 1,
  },
  {
    _id: '30000000-0000-4000-8000-000000000001',
    batchName: 'Spring 2026',
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-06-30T00:00:00.000Z',
    isActive: false,
    createdAt: '2026-02-10T00:00:00.000Z',
    enrollmentCount: 1,
  },
];

/**
 * What an enrollment starts with until an admin records a payment, progress or approval: the server's defaults.
 * Shared by the fixtures and the server test that checks those defaults.
 */
export const UNPAID_ENROLLMENT = {
  paymentId: null,
  amountPaid: null,
  paymentStatus: 'pending',
  progress: 0,
  completed: false,
  certificateIssued: false,
  isApproved: false,
  isVerified: false,
  verifiedAt: null,
} as const satisfies Partial<Enrollment>;

export const enrollments: Enrollment[] = [
  {
    _id: '40000000-0000-4000-8000-000000000001',
    batchId: batches[0]!._id,
    userId: {
      _id: users[0]!._id,
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      phone: '+1 555 0101',
      occupation: 'Designer',
      interest: 'UI/UX',
      pastExperience: 'Two years in agencies',
    },
    userDetails: { name: 'Ann Lee', email: 'ann.lee@example.com', phone: '+1 555 0101' },
    courseDetails: {
      title: 'Full-Stack Web Development',
      description: 'From HTML to deployment.',
      slug: 'full-stack-web-development',
      availableDays: 'Mon, Wed, Fri',
    },
    amount: 399,
    currency: 'USD',
    paymentMethod: 'card',
    transactionId: 'tx_1001',
    paymentId: null,
    amountPaid: 399,
    paymentStatus: 'completed',
    progress: 20,
    completed: false,
    certificateIssued: false,
    isApproved: true,
    isVerified: true,
    verifiedAt: '2026-11-02T12:00:00.000Z',
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-02T12:00:00.000Z',
  },
  {
    _id: '40000000-0000-4000-8000-000000000002',
    batchId: batches[1]!._id,
    userId: null,
    userDetails: { name: 'José Álvarez', email: 'jose@example.es', phone: null },
    courseDetails: {
      title: 'Full-Stack Web Development',
      description: 'From HTML to deployment.',
      slug: 'full-stack-web-development',
      availableDays: null,
    },
    amount: null,
    currency: null,
    paymentMethod: null,
    transactionId: null,
    ...UNPAID_ENROLLMENT,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
  },
];

export const services: Service[] = [
  {
    _id: '50000000-0000-4000-8000-000000000001',
    serviceDetails: { title: 'SEO Audit', description: 'A full technical SEO audit.', image: '/uploads/seo-audit.svg' },
    userDetails: { name: 'Ann Lee', email: 'ann.lee@example.com', phone: '+1 555 0101' },
    userId: users[0]!,
    amount: 150,
    currency: 'USD',
    paymentMethod: 'card',
    transactionId: 'svc_1',
    isVerified: false,
    createdAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-10T09:00:00.000Z',
  },
];

/** A verified purchase by a guest (no linked user): no account block, and its action reads Disapprove. */
export const guestService: Service = {
  _id: '50000000-0000-4000-8000-000000000002',
  serviceDetails: {
    title: 'Resume Review',
    description: 'Line-by-line feedback on your CV.',
    image: '/uploads/resume-review.svg',
  },
  userDetails: { name: 'Léa Dubois', email: 'lea@example.fr', phone: null },
  userId: null,
  amount: 49,
  currency: 'EUR',
  paymentMethod: null,
  transactionId: null,
  isVerified: true,
  createdAt: '2026-10-03T16:45:00.000Z',
  updatedAt: '2026-10-04T08:00:00.000Z',
};

const byAdmin = { adminId: adminUser._id, adminName: adminUser.name, adminEmail: adminUser.email };

/** The activity log, newest first: an approval, a deleted purchase (its last state), a login and a throttled login. */
export const activity: Activity[] = [
  {
    _id: '60000000-0000-4000-8000-000000000004',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...byAdmin,
    action: 'approve',
    kind: 'enrollment',
    recordId: '40000000-0000-4000-8000-000000000001',
    recordName: 'Ann Lee (ann.lee@example.com) · Full-Stack Web Development',
    summary: 'Approved enrollment: Ann Lee (ann.lee@example.com) · Full-Stack Web Development',
    before: { is_verified: false, verified_at: null },
    after: { is_verified: true, verified_at: '2026-11-20T12:00:00+00:00' },
  },
  {
    _id: '60000000-0000-4000-8000-000000000003',
    createdAt: '2026-11-19T15:30:00.000Z',
    ...byAdmin,
    action: 'delete',
    kind: 'service',
    recordId: '50000000-0000-4000-8000-000000000009',
    recordName: 'Bo Chen (bo@example.com) · Logo Design',
    summary: 'Deleted service purchase: Bo Chen (bo@example.com) · Logo Design',
    before: { title: 'Logo Design', amount: 120, currency: 'USD', customer_email: 'bo@example.com' },
    after: null,
  },
  {
    _id: '60000000-0000-4000-8000-000000000002',
    createdAt: '2026-11-18T09:00:00.000Z',
    ...byAdmin,
    action: 'login',
    kind: 'session',
    recordId: adminUser._id,
    recordName: 'Demo Admin (admin@coursedesk.dev)',
    summary: 'Logged in',
    before: null,
    after: null,
  },
  {
    _id: '60000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-17T08:00:00.000Z',
    adminId: null,
    adminName: null,
    adminEmail: null,
    action: 'login-throttled',
    kind: 'session',
    recordId: null,
    recordName: 'mallory@example.com',
    summary: 'Login throttled for mallory@example.com: 10 failed attempts in 15 minutes',
    before: null,
    after: { email: 'mallory@example.com', failures: 10 },
  },
];
