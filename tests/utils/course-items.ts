import type { CourseItemFieldsOf, CourseItemKind } from '@/shared/schemas';

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

/** Form fields by the start of their label, with the text typed into them: `{ Question: 'Why?' }`. */
type Typed = Record<string, string>;
type ItemForm<K extends CourseItemKind> = {
  add: Typed;
  added: CourseItemFieldsOf<K>;
  edit: Typed;
  edited: Partial<CourseItemFieldsOf<K>>;
};

/**
 * Each kind's item modal as an admin fills it in: what the add form gets typed (`add`) and the item that makes
 * (`added`: what the add sends and the server keeps; a review's rating is the form's default, 1 star), then one
 * field an edit retypes (`edit`) and the change it makes (`edited`). The texts are unlike the demo data's and
 * the fixtures', so the new item is the only one with its name.
 */
export const ITEM_FORMS: { [K in CourseItemKind]: ItemForm<K> } = {
  syllabus: {
    add: { 'Week Number': '42', Topic: 'Sample topic', Details: 'Line one.\nLine two.' },
    added: { week: 42, topic: 'Sample topic', details: 'Line one.\nLine two.' },
    edit: { Topic: 'Sample topic, revised' },
    edited: { topic: 'Sample topic, revised' },
  },
  faq: {
    add: { Question: 'Sample question?', Answer: 'Sample answer.' },
    added: { question: 'Sample question?', answer: 'Sample answer.' },
    edit: { Answer: 'Sample answer, revised.' },
    edited: { answer: 'Sample answer, revised.' },
  },
  review: {
    add: { Reviewer: 'Sample Reviewer', Comment: 'Sample comment.' },
    added: { reviewer: 'Sample Reviewer', rating: 1, comment: 'Sample comment.' },
    edit: { Comment: 'Sample comment, revised.' },
    edited: { comment: 'Sample comment, revised.' },
  },
  resource: {
    add: { Name: 'Sample docs', Link: 'https://example.com/docs' },
    added: { name: 'Sample docs', link: 'https://example.com/docs' },
    edit: { Link: 'https://example.com/docs-revised' },
    edited: { link: 'https://example.com/docs-revised' },
  },
  tableData: {
    add: { Feature: 'Sample feature', Value: 'Sample value' },
    added: { feature: 'Sample feature', value: 'Sample value' },
    edit: { Value: 'Sample value, revised' },
    edited: { value: 'Sample value, revised' },
  },
};
