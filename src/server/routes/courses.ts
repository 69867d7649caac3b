import type { Db } from '@/server/db/client';
import { notFound, parse } from '@/server/errors';
import {
  addItem,
  deleteItem,
  updateItem,
  type ItemFields,
  type ItemKind,
} from '@/server/repositories/course-items-repo';
import {
  coursesListRows,
  createCourse,
  deleteCourse,
  getCourse,
  setWhatYouWillLearn,
  updatePageData,
} from '@/server/repositories/courses-repo';
import { sendList } from '@/server/repositories/list-cache';
import {
  courseCardBody,
  faqAddBody,
  faqDeleteBody,
  faqUpdateBody,
  idParams,
  pageDataBody,
  resourceAddBody,
  resourceDeleteBody,
  resourceUpdateBody,
  reviewAddBody,
  reviewDeleteBody,
  reviewUpdateBody,
  syllabusAddBody,
  syllabusDeleteBody,
  syllabusUpdateBody,
  tableDataAddBody,
  tableDataDeleteBody,
  tableDataUpdateBody,
  whatYouWillLearnBody,
} from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** Each item kind at its spec path; the transforms give every kind's body one shape for the handlers. */
interface ItemRoute {
  path: string;
  kind: ItemKind;
  /** Subject of the success toast. */
  label: string;
  add: z.ZodType<{ courseId: string } & ItemFields>;
  update: z.ZodType<{ courseId: string; itemId: string } & ItemFields>;
  remove: z.ZodType<{ courseId: string; itemId: string }>;
}

const ITEM_ROUTES: ItemRoute[] = [
  {
    path: 'syllabus',
    kind: 'syllabus',
    label: 'Syllabus item',
    add: syllabusAddBody,
    update: syllabusUpdateBody.transform(({ syllabusId, ...rest }) => ({ ...rest, itemId: syllabusId })),
    remove: syllabusDeleteBody.transform(({ courseId, syllabusId }) => ({ courseId, itemId: syllabusId })),
  },
  {
    path: 'faq',
    kind: 'faq',
    label: 'FAQ',
    add: faqAddBody,
    update: faqUpdateBody.transform(({ faqId, ...rest }) => ({ ...rest, itemId: faqId })),
    remove: faqDeleteBody.transform(({ courseId, faqId }) => ({ courseId, itemId: faqId })),
  },
  {
    path: 'review',
    kind: 'review',
    label: 'Review',
    add: reviewAddBody,
    update: reviewUpdateBody.transform(({ reviewId, ...rest }) => ({ ...rest, itemId: reviewId })),
    remove: reviewDeleteBody.transform(({ courseId, reviewId }) => ({ courseId, itemId: reviewId })),
  },
  {
    path: 'additional-resource',
    kind: 'resource',
    label: 'Additional resource',
    add: resourceAddBody,
    update: resourceUpdateBody.transform(({ resourceId, ...rest }) => ({ ...rest, itemId: resourceId })),
    remove: resourceDeleteBody.transform(({ courseId, resourceId }) => ({ courseId, itemId: resourceId })),
  },
  {
    path: 'table-data',
    kind: 'tableData',
    label: 'Table data',
    add: tableDataAddBody,
    update: tableDataUpdateBody.transform(({ tableDataId, ...rest }) => ({ ...rest, itemId: tableDataId })),
    remove: tableDataDeleteBody.transform(({ courseId, tableDataId }) => ({ courseId, itemId: tableDataId })),
  },
];

function itemRoutes(app: FastifyInstance, db: Db, r: ItemRoute) {
  app.post(`/api/courses/${r.path}/add`, async (request) => {
    const { courseId, ...fields } = parse(r.add, request.body);
    const data = await addItem(db, r.kind, courseId, fields);
    return { success: true, data, showMessage: true, message: `${r.label} added.` };
  });

  app.put(`/api/courses/${r.path}/update`, async (request) => {
    const { courseId, itemId, ...fields } = parse(r.update, request.body);
    const data = await updateItem(db, r.kind, courseId, itemId, fields);
    return { success: true, data, showMessage: true, message: `${r.label} updated.` };
  });

  // The client shows its own deletion notice (spec section 8), so no toast here.
  app.delete(`/api/courses/${r.path}/delete`, async (request) => {
    const { courseId, itemId } = parse(r.remove, request.body);
    return { success: true, data: await deleteItem(db, r.kind, courseId, itemId) };
  });
}

export function courseRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/courses', (request, reply) => sendList(app.lists, request, reply, 'courses', 'data', coursesListRows));

  app.get('/api/courses/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    const course = await getCourse(db, id);
    if (!course) throw notFound('Course');
    return { success: true, data: course };
  });

  app.post('/api/courses/card', async (request, reply) => {
    const card = parse(courseCardBody, request.body);
    const data = await createCourse(db, card);
    return reply.code(201).send({ success: true, data, showMessage: true, message: 'Course added.' });
  });

  app.delete('/api/courses/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    if (!(await deleteCourse(db, id))) throw notFound('Course');
    return { success: true };
  });

  app.put('/api/courses/:id/pageData', async (request) => {
    const { id } = parse(idParams, request.params);
    const page = parse(pageDataBody, request.body);
    const data = await updatePageData(db, id, page);
    if (!data) throw notFound('Course');
    return { success: true, data, showMessage: true, message: 'Page data updated.' };
  });

  app.put('/api/courses/:id/what-you-will-learn', async (request) => {
    const { id } = parse(idParams, request.params);
    const { whatYouWillLearn } = parse(whatYouWillLearnBody, request.body);
    const data = await setWhatYouWillLearn(db, id, whatYouWillLearn);
    if (!data) throw notFound('Course');
    return { success: true, data, showMessage: true, message: 'Learning points updated.' };
  });

  for (const r of ITEM_ROUTES) itemRoutes(app, db, r);
}
