import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type Course } from '@/shared/schemas';
import { EMPTY_COURSE_DETAILS, EMPTY_PAGE_LISTS } from '../utils/course-page';
import { courses } from './fixtures';
import { setMockLists } from './sync-api';

/** A second, sparse course: empty item lists, for empty states and a two-card grid. */
export const emptyCourse: Course = {
  _id: '20000000-0000-4000-8000-000000000002',
  cardData: {
    image: '/images/courses/ui-ux-design.svg',
    title: 'UI/UX Design Fundamentals',
    description: 'Research, wireframes and prototypes.',
    rating: 4.5,
    reviews: 1,
    price: 299.5,
  },
  pageData: {
    title: 'UI/UX Design Fundamentals',
    description: 'Design for people.',
    slug: 'ui-ux-design-fundamentals',
    price: 299.5,
    discountPrice: null,
    courseDetails: EMPTY_COURSE_DETAILS,
    ...EMPTY_PAGE_LISTS,
  },
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

type Body = Record<string, unknown>;
export interface RecordedCall {
  method: string;
  path: string;
  body: Body | null;
}

/**
 * An in-memory course API for component tests, answering like the real server: writes change the store and
 * item, page-data and learning-point replies carry the whole course in `data`. `latencyMs` makes pending states visible.
 */
export function createCourseApi({
  initial = [...courses, emptyCourse],
  latencyMs = 0,
}: { initial?: Course[]; latencyMs?: number } = {}) {
  const store: Course[] = structuredClone(initial);
  // The sync serves this store: writes change it as the server's do (the reply already carries the change).
  setMockLists({ courses: store });
  const calls: RecordedCall[] = [];
  let seq = 0;
  const newId = () => `90000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const find = (id: unknown) => store.find((c) => c._id === id);
  const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
  const notFound = () =>
    json({ success: false, message: 'Course not found. It may have been deleted.', showMessage: true }, 404);
  let clock = Date.parse('2027-01-01T00:00:00.000Z');
  /** Every write gives the course a new updatedAt, as the server does. */
  const touch = (course: Course) => (course.updatedAt = new Date((clock += 1000)).toISOString());
  const ok = (course: Course, message?: string) => {
    touch(course);
    return json({ success: true, data: course, ...(message ? { showMessage: true, message } : {}) });
  };

  /** Records the call, waits the latency, then runs the handler with the parsed body. */
  const write =
    (run: (body: Body, params: Record<string, string>) => Response) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const body = request.headers.get('content-type') ? ((await request.json()) as Body) : null;
      calls.push({ method: request.method, path: new URL(request.url).pathname, body });
      if (latencyMs) await delay(latencyMs);
      return run(body ?? {}, params as Record<string, string>);
    };

  // The item routes of each kind (docs/api.md): the path, the list they change in pageData and their id field.
  const itemHandlers = COURSE_ITEM_KIND_NAMES.flatMap((kind) => {
    const { path, list, idField: id } = COURSE_ITEM_KINDS[kind];
    const items = (course: Course) => course.pageData[list] as { _id: string }[];
    const fields = (body: Body) =>
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'courseId' && k !== id));
    return [
      http.post(
        `/api/courses/${path}/add`,
        write((body) => {
          const course = find(body.courseId);
          if (!course) return notFound();
          items(course).push({ _id: newId(), ...fields(body) });
          return ok(course, 'Added.');
        }),
      ),
      http.put(
        `/api/courses/${path}/update`,
        write((body) => {
          const course = find(body.courseId);
          const list = course && items(course);
          const index = list?.findIndex((i) => i._id === body[id]) ?? -1;
          if (!course || !list || index < 0) return notFound();
          list[index] = { _id: list[index]!._id, ...fields(body) };
          return ok(course, 'Updated.');
        }),
      ),
      http.delete(
        `/api/courses/${path}/delete`,
        write((body) => {
          const course = find(body.courseId);
          if (!course) return notFound();
          (course.pageData[list] as { _id: string }[]) = items(course).filter((i) => i._id !== body[id]);
          return ok(course);
        }),
      ),
    ];
  });

  const handlers = [
    http.post(
      '/api/courses/card',
      write((body) => {
        const card = body as Course['cardData'];
        const course: Course = {
          ...structuredClone(emptyCourse),
          _id: newId(),
          cardData: card,
          pageData: {
            ...structuredClone(emptyCourse.pageData),
            title: card.title,
            description: card.description,
            price: card.price,
            slug: `new-${seq}`,
          },
        };
        store.push(course);
        return json({ success: true, data: course, showMessage: true, message: 'Course added.' }, 201);
      }),
    ),
    http.delete(
      '/api/courses/:id',
      write((_body, { id }) => {
        const index = store.findIndex((c) => c._id === id);
        if (index < 0) return notFound();
        store.splice(index, 1);
        return json({ success: true });
      }),
    ),
    http.put(
      '/api/courses/:id/pageData',
      write((body, { id }) => {
        const course = find(id);
        if (!course) return notFound();
        Object.assign(course.pageData, body);
        return ok(course, 'Page data updated.');
      }),
    ),
    http.put(
      '/api/courses/:id/card',
      write((body, { id }) => {
        const course = find(id);
        if (!course) return notFound();
        course.cardData = body as Course['cardData'];
        return ok(course, 'Course card updated.');
      }),
    ),
    http.put(
      '/api/courses/:id/what-you-will-learn',
      write((body, { id }) => {
        const course = find(id);
        if (!course) return notFound();
        course.pageData.whatYouWillLearn = body.whatYouWillLearn as string[];
        return ok(course, 'Learning points updated.');
      }),
    ),
    ...itemHandlers,
  ];

  return { store, calls, handlers, touch, find: (id: string) => find(id)! };
}
