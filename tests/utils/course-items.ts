import type { CourseItemKind } from '@/shared/schemas';

type Fields = Record<string, unknown>;

/** Each course item kind: the fields of a valid add, and other valid fields for an update of that item. */
export const ITEM_EXAMPLES: Record<CourseItemKind, { add: Fields; update: Fields }> = {
  syllabus: {
    add: { week: 1, topic: 'Intro', details: 'Setup' },
    update: { week: 2, topic: 'Ownership', details: 'Moves' },
  },
  faq: {
    add: { question: 'Is it online?', answer: 'Yes.' },
    update: { question: 'Is it live?', answer: 'Weekly.' },
  },
  review: {
    add: { reviewer: 'Ann', rating: 4, comment: 'Good' },
    update: { reviewer: 'Ann B.', rating: 5, comment: 'Great' },
  },
  resource: {
    add: { name: 'Book', link: 'https://doc.rust-lang.org/book/' },
    update: { name: 'Rustlings', link: 'http://github.com/rust-lang/rustlings' },
  },
  tableData: {
    add: { feature: 'Projects', value: '3' },
    update: { feature: 'Projects', value: '5' },
  },
};
