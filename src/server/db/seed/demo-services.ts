/** The services the business sells besides courses; each has an image in public/uploads. */
export interface ServiceKind {
  title: string;
  description: string;
  image: string;
  /** Base price in USD; other currencies are derived from it. */
  priceUsd: number;
}

export const SERVICE_KINDS: readonly ServiceKind[] = [
  {
    title: 'SEO Audit',
    description:
      'A technical and content audit of your website with a prioritised list of fixes and a 30-minute walkthrough call.',
    image: '/uploads/seo-audit.svg',
    priceUsd: 249,
  },
  {
    title: 'Website Redesign',
    description:
      'A redesign of up to five pages: research, wireframes, a Figma prototype and a responsive build hand-off.',
    image: '/uploads/website-redesign.svg',
    priceUsd: 1499,
  },
  {
    title: 'Career Coaching Session',
    description: 'A 60-minute one-to-one session on your job search plan, positioning and salary negotiation.',
    image: '/uploads/career-coaching.svg',
    priceUsd: 89,
  },
  {
    title: 'Resume Review',
    description: 'Line-by-line feedback on your CV and LinkedIn profile, returned within three working days.',
    image: '/uploads/resume-review.svg',
    priceUsd: 49,
  },
  {
    title: 'Portfolio Review',
    description: 'A recorded review of your design or developer portfolio with concrete suggestions for each project.',
    image: '/uploads/portfolio-review.svg',
    priceUsd: 79,
  },
  {
    title: 'Mock Technical Interview',
    description: 'A realistic 45-minute coding or system-design interview with written feedback and a scorecard.',
    image: '/uploads/mock-interview.svg',
    priceUsd: 119,
  },
];
