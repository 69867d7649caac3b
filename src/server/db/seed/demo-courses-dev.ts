import type { CourseSeed } from './course-seed';

/** The engineering courses of the demo catalogue. */
export const DEV_COURSES: readonly CourseSeed[] = [
  {
    slug: 'full-stack-web-development',
    title: 'Full-Stack Web Development',
    cardDescription: 'Build and deploy real web apps with HTML, CSS, TypeScript, React, Node.js and PostgreSQL.',
    description:
      'A project-first programme that takes you from semantic HTML to a deployed full-stack application. You will write modern TypeScript, build interfaces in React, design REST APIs in Node.js, model data in PostgreSQL and ship to the cloud with automated tests. Every week ends with a code review from a working engineer.',
    rating: 4.8,
    reviewCount: 1284,
    price: '499.00',
    discountPrice: '349.00',
    details: {
      duration: '16 weeks (8-10 hours/week)',
      level: 'Beginner to Intermediate',
      language: 'English',
      certificate: 'Certificate of completion with a verified project portfolio',
      instructor: 'Priya Raman',
      enrollmentDeadline: '2026-12-05',
      startDate: '2026-12-14',
    },
    syllabus: [
      [
        'How the web works',
        'HTTP, DNS, browsers and dev tools; set up VS Code, Git and GitHub; publish your first page.',
      ],
      [
        'Semantic HTML and modern CSS',
        'Accessible markup, Flexbox, Grid, custom properties and responsive layouts from a Figma file.',
      ],
      [
        'JavaScript fundamentals',
        'Values, functions, arrays and objects, the DOM and events; build an interactive to-do list.',
      ],
      [
        'TypeScript in practice',
        'Types, interfaces, generics and narrowing; convert the to-do list and catch bugs at compile time.',
      ],
      ['React foundations', 'Components, props, state and effects; build a searchable product catalogue.'],
      [
        'Data fetching and routing',
        'Client-side routing, loading and error states, caching server data with TanStack Query.',
      ],
      ['Node.js and REST APIs', 'Fastify, request validation with zod, error handling and structured logging.'],
      [
        'PostgreSQL and data modelling',
        'Tables, keys, joins and indexes; migrations with Drizzle; avoiding N+1 queries.',
      ],
      ['Authentication and security', 'Password hashing, sessions and tokens, CORS, CSP and the OWASP top ten.'],
      [
        'Testing and deployment',
        'Unit and end-to-end tests, CI with GitHub Actions, deploying a container; capstone demo day.',
      ],
    ],
    faq: [
      ['Do I need prior coding experience?', 'No. Week 1 starts from zero, but expect to practise 8-10 hours a week.'],
      [
        'What computer do I need?',
        'Any laptop from the last five years running Windows 10+, macOS or Linux with 8 GB of RAM.',
      ],
      [
        'Are the sessions live?',
        'Two live sessions a week (recorded) plus office hours; everything else is self-paced.',
      ],
      [
        'Can I pay in instalments?',
        'Yes, in three monthly instalments at no extra cost. Write to us before enrolling.',
      ],
      [
        'What if I fall behind?',
        'You can move to the next cohort once at no charge and keep access to all recordings.',
      ],
    ],
    reviews: [
      [
        'Ananya Iyer',
        5,
        'The weekly code reviews were worth the price alone. I landed a junior role two months after the capstone.',
      ],
      [
        'Marcus Hayes',
        5,
        'Clear progression from HTML to a deployed API. The PostgreSQL week finally made joins click for me.',
      ],
      ['Léa Moreau', 4, 'Excellent content; the React weeks move fast, so budget extra time there.'],
      ['Diego Ortega', 5, 'Priya explains security better than any course I have taken. Great community on Discord.'],
      ['Hannah Coleman', 3, 'Good material, but I would have liked more help with deployment problems on Windows.'],
    ],
    resources: [
      ['MDN Web Docs', 'https://developer.mozilla.org/'],
      ['TypeScript Handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html'],
      ['React documentation', 'https://react.dev/learn'],
      ['PostgreSQL tutorial', 'https://www.postgresql.org/docs/current/tutorial.html'],
    ],
    tableData: [
      ['Live sessions', '2 per week, recorded'],
      ['Projects', '6 guided projects + 1 capstone'],
      ['Mentor code reviews', 'Weekly'],
      ['Career support', 'CV review and 2 mock interviews'],
      ['Access', 'Lifetime access to materials'],
    ],
    learn: [
      'Write accessible, responsive pages with semantic HTML and modern CSS',
      'Use TypeScript confidently across the front end and the back end',
      'Build single-page apps in React with routing and server-state caching',
      'Design, validate and document REST APIs in Node.js',
      'Model relational data in PostgreSQL and write efficient queries',
      'Secure an application with hashed passwords, sessions and a strict CSP',
      'Test, containerise and deploy an app with a CI pipeline',
    ],
  },
  {
    slug: 'cloud-devops',
    title: 'Cloud & DevOps Engineering',
    cardDescription:
      'Automate infrastructure, containers and delivery pipelines on AWS with Terraform, Docker and Kubernetes.',
    description:
      'Learn how modern teams ship software many times a day without breaking production. You will containerise services, describe infrastructure as code, build CI/CD pipelines, run workloads on Kubernetes and set up monitoring and alerting, all on a real AWS account with guard-railed budgets.',
    rating: 4.7,
    reviewCount: 642,
    price: '599.00',
    discountPrice: '449.00',
    details: {
      duration: '12 weeks (10 hours/week)',
      level: 'Intermediate',
      language: 'English',
      certificate: 'Certificate of completion; prepares for AWS Solutions Architect Associate',
      instructor: 'Lukas Fischer',
      enrollmentDeadline: '2027-01-08',
      startDate: '2027-01-18',
    },
    syllabus: [
      ['Linux and networking refresher', 'Shell scripting, processes, systemd, TCP/IP, DNS and TLS for operators.'],
      ['Containers with Docker', 'Images, layers, multi-stage builds, Compose and image security scanning.'],
      [
        'Infrastructure as code',
        'Terraform state, modules and workspaces; provision a VPC, database and load balancer.',
      ],
      ['CI/CD pipelines', 'GitHub Actions, build caches, artefacts, environments and approval gates.'],
      ['Kubernetes fundamentals', 'Pods, deployments, services, ingress, config maps and secrets.'],
      ['Kubernetes in production', 'Helm, autoscaling, rolling and blue-green deployments, resource limits.'],
      ['Observability', 'Metrics with Prometheus, dashboards in Grafana, structured logs and tracing.'],
      [
        'Reliability and cost',
        'SLOs, incident response, backups and restores, and trimming the monthly bill; final project.',
      ],
    ],
    faq: [
      [
        'Will I be charged by AWS?',
        'Labs fit the free tier; we give you budget alerts and a teardown script for every lab.',
      ],
      [
        'Is this course enough for an AWS certification?',
        'It covers most of the Solutions Architect Associate syllabus; we add two practice exams.',
      ],
      ['Do I need to know a programming language?', 'Basic scripting in Bash or Python is enough.'],
      ['How much time per week?', 'Plan for about 10 hours: 3 hours live, the rest labs.'],
    ],
    reviews: [
      ['Karthik Menon', 5, 'Hands-on from day one. The Terraform and Kubernetes labs mirror what we do at work.'],
      ['Siobhan Murphy', 4, 'Great depth on observability. The Kubernetes week could be split in two.'],
      ['Wei Chen', 5, 'I passed the AWS associate exam a month after finishing. The practice exams were spot on.'],
      [
        'Tyler Brooks',
        4,
        'Lukas is an excellent teacher. Labs occasionally broke after provider updates but were fixed fast.',
      ],
    ],
    resources: [
      ['Docker documentation', 'https://docs.docker.com/get-started/'],
      ['Terraform tutorials', 'https://developer.hashicorp.com/terraform/tutorials'],
      ['Kubernetes basics', 'https://kubernetes.io/docs/tutorials/kubernetes-basics/'],
    ],
    tableData: [
      ['Cloud lab credits', 'Included'],
      ['Hands-on labs', '24'],
      ['Practice exams', '2 full-length'],
      ['Live sessions', 'Tue and Thu evenings (CET)'],
    ],
    learn: [
      'Package any service into a small, secure Docker image',
      'Describe cloud infrastructure in Terraform and review changes safely',
      'Build CI/CD pipelines that test, build and deploy on every merge',
      'Run and scale workloads on Kubernetes with Helm',
      'Monitor systems with metrics, logs and alerts tied to SLOs',
      'Plan backups, restores and incident response',
    ],
  },
  {
    slug: 'mobile-apps-with-react-native',
    title: 'Mobile Apps with React Native',
    cardDescription: 'Ship one codebase to iOS and Android with React Native, Expo and TypeScript.',
    description:
      'Build polished cross-platform mobile apps with React Native and Expo. Starting from React basics, you will design native-feeling screens, handle navigation and offline data, use the camera, location and push notifications, and publish a finished app to TestFlight and the Google Play internal track.',
    rating: 4.6,
    reviewCount: 418,
    price: '449.00',
    discountPrice: '329.00',
    details: {
      duration: '10 weeks (6-8 hours/week)',
      level: 'Intermediate',
      language: 'English',
      certificate: 'Certificate of completion',
      instructor: 'Camila Oliveira',
      enrollmentDeadline: '2026-11-28',
      startDate: '2026-12-07',
    },
    syllabus: [
      ['React refresher for mobile', 'Components, hooks and TypeScript; how React Native renders native views.'],
      ['Expo and the tooling', 'Expo Go, development builds, debugging on device and simulators.'],
      ['Layout and styling', 'Flexbox on mobile, safe areas, dark mode and platform-specific styles.'],
      ['Navigation', 'Stacks, tabs and deep links with Expo Router.'],
      ['Data and offline', 'Fetching, caching and persisting data; SQLite and background sync.'],
      ['Device features', 'Camera, location, haptics and permissions done politely.'],
      ['Push notifications', 'Expo notifications, scheduling and handling taps.'],
      ['Performance', 'Lists with thousands of rows, memoisation and the new architecture.'],
      ['Publishing', 'App icons, splash screens, EAS Build and store submission; demo day.'],
    ],
    faq: [
      ['Do I need a Mac?', 'No. You can build and test Android on any machine and iOS through Expo cloud builds.'],
      ['Do I need to know React?', 'Basic React helps; week 1 is a refresher for those who are new to it.'],
      [
        'Will my app be in the stores?',
        'You will publish to TestFlight and the Play Console internal track; going public is your choice.',
      ],
      ['Are store fees included?', 'No. Apple and Google charge their own developer fees.'],
      ['Is there a project?', 'Yes: a habit-tracker app you design and ship, with a code review at the end.'],
    ],
    reviews: [
      [
        'Olivia Bennett',
        5,
        'I finally shipped the app I had been planning for a year. The publishing week removes all the mystery.',
      ],
      ['Rohan Desai', 4, 'Solid course. Device-feature labs were the most fun.'],
      ['Mathilde Dubois', 4, 'Clear and practical; I would love an extra week on animations.'],
      [
        'Chinedu Okafor',
        2,
        'Content is good but my cohort had scheduling issues with the live sessions across time zones.',
      ],
    ],
    resources: [
      ['React Native documentation', 'https://reactnative.dev/docs/getting-started'],
      ['Expo documentation', 'https://docs.expo.dev/'],
      ['Apple Human Interface Guidelines', 'https://developer.apple.com/design/human-interface-guidelines/'],
    ],
    tableData: [
      ['Platforms', 'iOS and Android'],
      ['Projects', '4 apps + capstone'],
      ['Live sessions', 'Weekly, recorded'],
      ['Mentor support', 'Slack, answered within 24 hours'],
      ['Access', '12 months'],
    ],
    learn: [
      'Build native-feeling screens for iOS and Android from one TypeScript codebase',
      'Structure navigation with stacks, tabs and deep links',
      'Store data offline and sync it when the network returns',
      'Use the camera, location and push notifications responsibly',
      'Profile and fix slow lists and renders',
      'Build, sign and submit an app with EAS',
    ],
  },
];
