import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentsCsv } from '@/app/features/enrollments/csv';
import { enrollments } from '@/server/db/schema';
import { IMPORT_MAX_ROWS, type Enrollment, type ImportReply } from '@/shared/schemas';
import { expectRefused } from '../utils/api-expect';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeCourse, makeEnrollment, makeUser } from '../utils/factories';
import { pullAll, serverLists, SyncCopy } from '../utils/sync-client';

let s: TestServer;
let ann: { id: string; email: string; name: string };
let bob: { id: string; email: string; name: string };
let web: { id: string; title: string; slug: string };
let data: { id: string; title: string; slug: string };
beforeAll(async () => {
  s = await createTestServer();
  ann = await makeUser(s.db, { name: 'Ann Lee', email: `ann-${s.kind}@test.dev` });
  bob = await makeUser(s.db, { name: 'Bob Stone', email: `bob-${s.kind}@test.dev`, contactNo: '+1 555 0100' });
  web = await makeCourse(s.db, { title: 'Web Development', slug: `web-dev-${s.kind}` });
  data = await makeCourse(s.db, { title: 'Data Science', slug: `data-science-${s.kind}` });
});
afterAll(() => s.close());

const HEADER = 'Email,Paid Amount,Payment Method,Transaction ID,Course';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';
let txn = 0;
const tx = () => `tx_import_${s.kind}_${++txn}`;

const importFile = (batchId: string, body: string | Buffer, { dryRun = false, type = 'text/csv' } = {}) =>
  s.api({
    method: 'POST',
    url: `/api/batches/${batchId}/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { 'content-type': type },
    payload: body,
  });

const inBatch = async (batchId: string) =>
  (await s.db.select({ n: count() }).from(enrollments).where(eq(enrollments.batchId, batchId)))[0]!.n;
const total = async () => (await s.db.select({ n: count() }).from(enrollments))[0]!.n;

describe('POST /api/batches/:id/import', () => {
  it('imports the valid rows in one go, copies user and course details, and reports every row', async () => {
    const batch = await makeBatch(s.db);
    const [t1, t2, t3, t4] = [tx(), tx(), tx(), tx()];
    const file = csv(
      `${ann.email.toUpperCase()},USD 49.00,Credit Card,${t1},Web Development`,
      `${bob.email},inr 1299.5,UPI,${t2},${data.slug}`,
      '',
      `nobody@test.dev,EUR 10,PayPal,${t3},web development`,
      `${ann.email},GBP 5,Stripe,${t4},${data.title}`,
    );
    const res = await importFile(batch.id, file);
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportReply>();
    expect(body).toMatchObject({
      success: true,
      dryRun: false,
      counts: { rows: 4, ready: 3, skipped: 0, invalid: 1 },
      message: 'Imported 3 enrollments. 0 already recorded, 1 with errors: the result file says why.',
    });
    expect(body.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'imported'],
      [3, 'imported'],
      [5, 'invalid'],
      [6, 'imported'],
    ]);
    expect(body.rows[0]!.message).toBe('Enrolled Ann Lee in Web Development for USD 49.00.');
    expect(body.rows[2]).toMatchObject({
      message: 'Email: No user has this email.',
      errors: { Email: 'No user has this email.' },
    });

    const list = (await s.api({ method: 'GET', url: '/api/enrollments' })).json().data as Enrollment[];
    const bobs = list.find((e) => e._id === body.rows[1]!.enrollmentId)!;
    expect(bobs).toMatchObject({
      batchId: batch.id,
      userId: { _id: bob.id, email: bob.email },
      userDetails: { name: 'Bob Stone', email: bob.email, phone: '+1 555 0100' },
      courseDetails: { title: 'Data Science', slug: data.slug },
      amount: 1299.5,
      currency: 'INR',
      paymentMethod: 'UPI',
      transactionId: t2,
      isVerified: false,
      paymentStatus: 'pending',
    });
    expect(await inBatch(batch.id)).toBe(3);
  });

  it('reaches devices through the delta sync: the new enrollments, and their batch recounted, in one version', async () => {
    const batch = await makeBatch(s.db);
    const token = await s.adminToken();
    const copy = new SyncCopy();
    await pullAll(s.app, token, copy);
    const body = (
      await importFile(
        batch.id,
        csv(`${ann.email},USD 49.00,Card,${tx()},${web.slug}`, `${bob.email},USD 49.00,Card,${tx()},${web.slug}`),
      )
    ).json<ImportReply>();
    const [delta] = await pullAll(s.app, token, copy);
    expect(delta!.reset).toBe(false);
    expect(delta!.changes.enrollments.upserts.map((e) => e._id).sort()).toEqual(
      body.rows.map((r) => r.enrollmentId).sort(),
    );
    expect(delta!.changes.batches.upserts).toEqual([expect.objectContaining({ _id: batch.id, enrollmentCount: 2 })]);
    expect(copy.json()).toEqual(await serverLists(s.app, token));
  });

  it('a dry run says what would happen, row by row, and changes nothing', async () => {
    const batch = await makeBatch(s.db);
    const recorded = await makeEnrollment(s.db, { transactionId: tx() });
    const before = await total();
    const res = await importFile(
      batch.id,
      csv(
        `${ann.email},USD 49.00,Credit Card,${tx()},${web.slug}`,
        `${bob.email},USD 20,Credit Card,${recorded.transactionId},${web.slug}`,
      ),
      { dryRun: true },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportReply>();
    expect(body).toMatchObject({
      dryRun: true,
      counts: { rows: 2, ready: 1, skipped: 1, invalid: 0 },
      message: '1 row ready to import, 1 already recorded, 0 with errors.',
    });
    expect(body.rows).toEqual([
      { row: 2, status: 'ready', message: 'Will enroll Ann Lee in Web Development for USD 49.00.' },
      {
        row: 3,
        status: 'skipped',
        message: 'Already recorded: an enrollment with this Transaction ID exists. Nothing added.',
      },
    ]);
    expect(await total()).toBe(before);
  });

  it('is idempotent by transaction ID: the same file twice, even at once, adds each row once', async () => {
    const batch = await makeBatch(s.db);
    const file = csv(
      `${ann.email},USD 49.00,Credit Card,${tx()},${web.slug}`,
      `${bob.email},USD 49.00,Credit Card,${tx()},${web.slug}`,
    );
    expect((await importFile(batch.id, file)).json<ImportReply>().counts).toMatchObject({ ready: 2, skipped: 0 });
    const again = (await importFile(batch.id, file)).json<ImportReply>();
    expect(again.counts).toMatchObject({ ready: 0, skipped: 2, invalid: 0 });
    expect(again.message).toBe('Imported 0 enrollments. 2 already recorded, 0 with errors: the result file says why.');
    expect(await inBatch(batch.id)).toBe(2);

    // Into another batch too: a transaction ID is one payment, wherever it was recorded.
    const other = await makeBatch(s.db);
    expect((await importFile(other.id, file)).json<ImportReply>().counts.skipped).toBe(2);

    const racing = csv(`${ann.email},USD 1,Credit Card,${tx()},${web.slug}`);
    const replies = await Promise.all([importFile(batch.id, racing), importFile(batch.id, racing)]);
    expect(replies.map((r) => r.json<ImportReply>().counts.ready).sort()).toEqual([0, 1]);
    expect(await inBatch(batch.id)).toBe(3);
  });

  it('an enroll and an import at the same moment record one transaction ID once; the loser is told', async () => {
    const batch = await makeBatch(s.db);
    for (let round = 0; round < 3; round++) {
      const id = tx();
      const [imported, enrolled] = await Promise.all([
        importFile(batch.id, csv(`${ann.email},USD 1,Card,${id},${web.slug}`)),
        s.api({
          method: 'POST',
          url: '/api/enrollment/enroll',
          payload: {
            userId: ann.id,
            courseId: web.id,
            batchId: batch.id,
            amount: 1,
            currency: 'USD',
            transactionId: id,
          },
        }),
      ]);
      const recorded = await s.db.select({ n: count() }).from(enrollments).where(eq(enrollments.transactionId, id));
      expect(recorded[0]!.n).toBe(1);
      if (enrolled.statusCode === 201)
        expect(imported.json<ImportReply>().counts).toMatchObject({ ready: 0, skipped: 1 });
      else {
        expectRefused(enrolled, 409, { message: `Transaction ID "${id}" is already recorded on an enrollment.` });
        expect(imported.json<ImportReply>().counts.ready).toBe(1);
      }
    }
  });

  it('a file the download wrote imports as it is (escaped cells, N/A, every column)', async () => {
    const from = await makeBatch(s.db, { batchName: 'Old batch' });
    const risky = await makeUser(s.db, { name: '=Eve', email: `eve-${s.kind}@test.dev`, contactNo: '+44 20 7946' });
    const ids = [tx(), tx()];
    await importFile(from.id, csv(`${risky.email},EUR 12.5,SEPA,${ids[0]},${web.slug}`));
    await importFile(from.id, csv(`${ann.email},USD 0,Voucher,${ids[1]},${data.slug}`));
    const list = ((await s.api({ method: 'GET', url: '/api/enrollments' })).json().data as Enrollment[]).filter(
      (e) => e.batchId === from.id,
    );
    const exported = enrollmentsCsv(list, [
      { ...from, _id: from.id, endDate: null, createdAt: '', enrollmentCount: 2 },
    ]);
    expect(exported).toContain("'=Eve");
    // Gone from the database, then restored into another batch from the downloaded file.
    await s.api({
      method: 'POST',
      url: '/api/enrollments/bulk',
      payload: { action: 'delete', items: list.map((e) => ({ id: e._id })) },
    });
    const to = await makeBatch(s.db);
    const body = (await importFile(to.id, exported)).json<ImportReply>();
    expect(body.counts).toEqual({ rows: 2, ready: 2, skipped: 0, invalid: 0 });
    expect(await inBatch(to.id)).toBe(2);
  });

  it('refuses a row it cannot import, saying why by column, and imports the rest', async () => {
    const batch = await makeBatch(s.db);
    await makeCourse(s.db, { title: 'Twin', slug: `twin-a-${s.kind}` });
    await makeCourse(s.db, { title: 'Twin', slug: `twin-b-${s.kind}` });
    const good = tx();
    const long = 'x'.repeat(201);
    const file = csv(
      `${ann.email},USD 49.00,Credit Card,${good},${web.slug}`,
      `${ann.email},49.00,Credit Card,${tx()},${web.slug}`,
      `${ann.email},JPY 49,Credit Card,${tx()},${web.slug}`,
      `${ann.email},USD 99999999999,Credit Card,${tx()},${web.slug}`,
      `${ann.email},USD 1.234,Credit Card,${tx()},${web.slug}`,
      `${ann.email},USD 1,N/A,N/A,${web.slug}`,
      `${ann.email},USD 1,${long},${tx()},Twin`,
      `${ann.email},USD 1,Card,${good},No Such Course`,
      `${ann.email},USD 1,Card`,
      `,,,,`,
    );
    const before = await total();
    const res = await importFile(batch.id, file);
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportReply>();
    expect(body.counts).toEqual({ rows: 10, ready: 1, skipped: 0, invalid: 9 });
    const errors = body.rows.map((r) => r.errors);
    expect(errors[0]).toBeUndefined();
    expect(errors[1]).toEqual({ 'Paid Amount': 'Write the currency, then the amount, e.g. USD 49.00.' });
    expect(errors[2]).toEqual({ 'Paid Amount': 'The currency must be one of INR, USD, EUR, GBP.' });
    expect(errors[3]).toEqual({ 'Paid Amount': 'Write the currency, then the amount, e.g. USD 49.00.' });
    expect(errors[4]).toEqual({ 'Paid Amount': 'Write the currency, then the amount, e.g. USD 49.00.' });
    expect(errors[5]).toEqual({
      'Payment Method': 'Payment Method is required.',
      'Transaction ID': 'Transaction ID is required.',
    });
    expect(errors[6]).toEqual({
      'Payment Method': 'Payment Method must be at most 200 characters.',
      Course: 'Several courses have this title: write the course slug instead.',
    });
    expect(errors[7]).toEqual({
      Course: 'No course has this title or slug.',
      'Transaction ID': 'Row 2 has the same Transaction ID.',
    });
    expect(errors[8]).toMatchObject({ Row: 'This row has 3 cells; the header has 5.' });
    expect(Object.keys(errors[9]!).sort()).toEqual([
      'Course',
      'Email',
      'Paid Amount',
      'Payment Method',
      'Transaction ID',
    ]);
    expect(await total()).toBe(before + 1);
  });

  describe('refuses a bad file whole, with a clear 400 or 413, and changes nothing', () => {
    const row = () => `${ann.email},USD 49.00,Credit Card,${tx()},${web.slug}`;
    const cases: [string, () => string | Buffer, number, string][] = [
      [
        'an empty file',
        () => '',
        400,
        'The file is empty. Start from the template: a header row, then one row per enrollment.',
      ],
      ['a header only', () => csv(), 400, 'The file has a header but no enrollments.'],
      [
        'missing columns',
        () => `Email,Paid Amount,Course\r\n${ann.email},USD 1,${web.slug}\r\n`,
        400,
        'The file lacks the columns "Payment Method", "Transaction ID". Start from the template.',
      ],
      [
        'unknown columns',
        () => `${HEADER},Discount\r\n${row()},5\r\n`,
        400,
        'The file has columns the import does not know: "Discount". Use the columns of the template.',
      ],
      [
        'a repeated column',
        () => `${HEADER},Email\r\n${row()},x\r\n`,
        400,
        'The file has the same column twice: "Email".',
      ],
      [
        'semicolons',
        () => `${HEADER.replaceAll(',', ';')}\r\n${row().replaceAll(',', ';')}\r\n`,
        400,
        'The columns are separated by semicolons. Save the file as "CSV UTF-8 (Comma delimited)".',
      ],
      [
        'Latin-1 text',
        () => Buffer.concat([Buffer.from(csv(row())), Buffer.from([0x5a, 0x6f, 0xeb, 0x0d, 0x0a])]),
        400,
        'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8 (Comma delimited)" and try again.',
      ],
      [
        'UTF-16 text',
        () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(row()), 'utf16le')]),
        400,
        'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8 (Comma delimited)" and try again.',
      ],
      [
        'binary data',
        () => Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
        400,
        'The file is not a CSV text file (it holds binary data). Save it as "CSV UTF-8 (Comma delimited)".',
      ],
      [
        'an unclosed quote',
        () => csv(row(), `${ann.email},"USD 1,Card,${tx()},${web.slug}`, row()),
        400,
        'Row 3 opens a quote (") that is never closed. Check that row.',
      ],
      [
        'formulas',
        () =>
          `Name,${HEADER}\r\n` +
          [`=cmd|' /C calc'!A0`, '+1', '-2', '@SUM(A1)', 'ok', 'ok', '=1', '=2']
            .map((n) => `${n},${row()}`)
            .join('\r\n'),
        400,
        'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 2 (Name), row 3 (Name), ' +
          "row 4 (Name), row 5 (Name), row 8 (Name), and 1 more. Remove that first character, or start the cell with ' " +
          'to keep it as text.',
      ],
      [
        'a formula among the read cells',
        () => csv(row(), `${ann.email},USD 1,Card,=HYPERLINK("http://x"),${web.slug}`),
        400,
        'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 3 (Transaction ID). Remove ' +
          "that first character, or start the cell with ' to keep it as text.",
      ],
      [
        'a formula behind a leading space, which the import would store trimmed',
        () => csv(row(), `${ann.email},USD 1,Card," =HYPERLINK(""http://x"")",${web.slug}`),
        400,
        'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 3 (Transaction ID). Remove ' +
          "that first character, or start the cell with ' to keep it as text.",
      ],
      [
        'a full-width ＝',
        () => csv(row(), `${ann.email},USD 1,Card,＝1+1,${web.slug}`),
        400,
        'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 3 (Transaction ID). Remove ' +
          "that first character, or start the cell with ' to keep it as text.",
      ],
      [
        `${IMPORT_MAX_ROWS + 1} rows`,
        () => csv(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `${ann.email},USD 1,Card,big_${i},x`)),
        400,
        'The file has more than 50,000 enrollments. Split it into files of at most 50,000 rows.',
      ],
      [
        'a 100 MB file',
        () => Buffer.alloc(100 * 1024 * 1024, 0x61),
        413,
        'The file is larger than 50 MB. Split it into smaller files and import each.',
      ],
    ];
    for (const [what, file, status, message] of cases)
      it(what, async () => {
        const batch = await makeBatch(s.db);
        const before = await total();
        for (const dryRun of [true, false]) {
          const res = await importFile(batch.id, file(), { dryRun });
          expectRefused(res, status, { message });
        }
        expect(await total()).toBe(before);
      });

    it('a body over the limit that does not announce its length', async () => {
      const batch = await makeBatch(s.db);
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const stream = Readable.from(
        (function* () {
          for (let i = 0; i < 60; i++) yield chunk;
        })(),
      );
      const res = await importFile(batch.id, stream as unknown as Buffer);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than 50 MB. Split it into smaller files and import each.');
    });
  });

  it(`accepts ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows in one transaction`, async () => {
    const batch = await makeBatch(s.db);
    const prefix = `max_${s.kind}_`;
    const lines = Array.from(
      { length: IMPORT_MAX_ROWS },
      (_, i) => `${ann.email},USD 49.00,Card,${prefix}${i},${web.slug}`,
    );
    const res = await importFile(batch.id, csv(...lines));
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportReply>().counts).toEqual({
      rows: IMPORT_MAX_ROWS,
      ready: IMPORT_MAX_ROWS,
      skipped: 0,
      invalid: 0,
    });
    expect(await inBatch(batch.id)).toBe(IMPORT_MAX_ROWS);
  }, 180_000); // 50,000 inserts with their key checks and sync log: seconds, more on a busy machine

  it('answers bad requests with a 400 or 404, never a 500', async () => {
    const batch = await makeBatch(s.db);
    const file = csv(`${ann.email},USD 1,Card,${tx()},${web.slug}`);
    const cases: [string, () => ReturnType<typeof importFile>, number, string][] = [
      ['a bad id', () => importFile('nope', file), 400, 'Must be a valid id.'],
      [
        'an unknown batch',
        () => importFile('00000000-0000-4000-8000-000000000000', file),
        404,
        'Batch not found. It may have been deleted.',
      ],
      [
        'a bad dryRun',
        () =>
          s.api({
            method: 'POST',
            url: `/api/batches/${batch.id}/import?dryRun=yes`,
            headers: { 'content-type': 'text/csv' },
            payload: file,
          }),
        400,
        'dryRun must be true or false.',
      ],
      [
        'a JSON body',
        () => importFile(batch.id, JSON.stringify({ file }), { type: 'application/json' }),
        400,
        'Send the file as CSV text (content-type: text/csv).',
      ],
      [
        'another media type',
        () => importFile(batch.id, file, { type: 'application/octet-stream' }),
        400,
        'Send the file as CSV text (content-type: text/csv).',
      ],
    ];
    for (const [what, send, status, message] of cases) {
      const res = await send();
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toBe(message);
    }
    expect(await inBatch(batch.id)).toBe(0);
  });

  it('other routes sent CSV refuse it with a 400, and keep their 1 MB limit', async () => {
    const enroll = (payload: string) =>
      s.api({ method: 'POST', url: '/api/enrollment/enroll', headers: { 'content-type': 'text/csv' }, payload });
    expect((await enroll('a,b\r\n')).statusCode).toBe(400);
    const big = await enroll('x'.repeat(2 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The request body is larger than 1 MB.');
  });

  it('is for admins only', async () => {
    const batch = await makeBatch(s.db);
    const file = csv(`${ann.email},USD 1,Card,${tx()},${web.slug}`);
    const send = (token: string | null) =>
      s.api({
        method: 'POST',
        url: `/api/batches/${batch.id}/import`,
        headers: { 'content-type': 'text/csv' },
        payload: file,
        token,
      });
    expect((await send(null)).statusCode).toBe(401);
    expect((await send(await s.userToken())).statusCode).toBe(403);
    expect(await inBatch(batch.id)).toBe(0);
  });
});
