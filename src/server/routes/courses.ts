import type { Db } from '@/server/db/client';
import { found, HttpError, notFound } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { refuseStale } from '@/server/http/stale-writes';
import { asAdmin } from '@/server/repositories/admin-writes';
import {
  addItem,
  deleteItem,
  updateItem,
  type ItemChange,
  type ItemFields,
} from '@/server/repositories/course-items-repo';
import {
  coursesListRows,
  createCourse,
  deleteCourse,
  getCourse,
  setWhatYouWillLearn,
  updateCard,
  updatePageData,
} from '@/server/repositories/courses-repo';
import { API, COURSE_ITEM_OPERATIONS } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type CourseItemKind } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** Add, update and delete of one item kind at its spec path (POST/PUT/DELETE /api/courses/{path}/...). */
function itemRoutes(app: FastifyInstance, db: Db, kind: CourseItemKind) {
  const { idField, noun } = COURSE_ITEM_KINDS[kind];
  const ops = COURSE_ITEM_OPERATIONS[kind];
  /** The body without its ids: the item's column values. */
  const fieldsOf = (body: Record<string, unknown>) => {
    const { courseId: _c, [idField]: _i, expectedUpdatedAt: _v, ...fields } = body;
    return fields as ItemFields;
  };
  /** The changed course, or a 404 naming whichever record was not there. */
  const changed = (change: ItemChange) => {
    if ('missing' in change) throw notFound(change.missing === 'course' ? 'Course' : noun);
    return change;
  };

  route(app, ops.add, async ({ body }, request) => {
    const change = await asAdmin(db, request.admin, (tx) => addItem(tx, kind, body.courseId, fieldsOf(body)));
    return toast(MESSAGES.server.itemAdded(noun), changed(change));
  });

  route(app, ops.update, async (input, request) => {
    const body = input.body as Record<string, string> & { courseId: string };
    const data = changed(
      await asAdmin(db, request.admin, async (tx) => {
        // An item's write names its course's version.
        await refuseStale(tx, 'course', body.courseId, body.expectedUpdatedAt);
        return updateItem(tx, kind, body.courseId, body[idField]!, fieldsOf(body));
      }),
    );
    return toast(MESSAGES.server.itemUpdated(noun), data);
  });

  // The client shows its own deletion notice (lib/confirm.ts), so no toast here.
  route(app, ops.remove, async (input, request) => {
    const body = input.body as Record<string, string> & { courseId: string };
    const change = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'course', body.courseId, body.expectedUpdatedAt);
      return deleteItem(tx, kind, body.courseId, body[idField]!);
    });
    return { success: true, data: changed(change) };
  });
}

export function courseRoutes(app: FastifyInstance, db: Db) {
  route(app, API.courses, (_input, _request, reply) => reply.sendList('courses', 'data', coursesListRows));

  route(app, API.course, async ({ params: { id } }) => ({
    success: true,
    data: found(await getCourse(db, id), 'Course'),
  }));

  route(app, API.addCourse, async ({ body: card }, request) => {
    const data = await asAdmin(db, request.admin, (tx) => createCourse(tx, card));
    if (!data) throw new HttpError(409, MESSAGES.server.noFreeSlug);
    return toast(MESSAGES.server.courseAdded, data);
  });

  route(app, API.deleteCourse, async ({ params: { id }, body: { expectedUpdatedAt } }, request) => {
    const deleted = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'course', id, expectedUpdatedAt);
      return deleteCourse(tx, id);
    });
    found(deleted, 'Course');
    return { success: true };
  });

  route(app, API.updateCard, async ({ params: { id }, body: { expectedUpdatedAt, ...card } }, request) => {
    const data = found(
      await asAdmin(db, request.admin, async (tx) => {
        await refuseStale(tx, 'course', id, expectedUpdatedAt);
        return updateCard(tx, id, card);
      }),
      'Course',
    );
    return toast(MESSAGES.server.cardUpdated, data);
  });

  route(app, API.updatePageData, async ({ params: { id }, body: page }, request) => {
    const data = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'course', id, page.expectedUpdatedAt);
      return updatePageData(tx, id, page);
    });
    if (data === 'slug-taken') {
      throw new HttpError(409, MESSAGES.server.slugTaken(page.slug), { slug: MESSAGES.server.slugInUse });
    }
    return toast(MESSAGES.server.pageDataUpdated, found(data, 'Course'));
  });

  route(
    app,
    API.updateLearningPoints,
    async ({ params: { id }, body: { whatYouWillLearn, expectedUpdatedAt } }, request) => {
      const data = found(
        await asAdmin(db, request.admin, async (tx) => {
          await refuseStale(tx, 'course', id, expectedUpdatedAt);
          return setWhatYouWillLearn(tx, id, whatYouWillLearn);
        }),
        'Course',
      );
      return toast(MESSAGES.server.learningPointsUpdated, data);
    },
  );

  for (const kind of COURSE_ITEM_KIND_NAMES) itemRoutes(app, db, kind);
}
