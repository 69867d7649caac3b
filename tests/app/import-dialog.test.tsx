import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Batch, Enrollment, ImportReply } from '@/shared/schemas';
import { batches, enrollments } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { captureDownloads, csvLines } from '../utils/downloads';
import { expectDisabledOffline } from '../utils/offline';
import { renderApp } from '../utils/render';

afterEach(() => onlineManager.setOnline(true));

const [winter] = batches as [Batch];
const [ann] = enrollments as [Enrollment];

const FILE = [
  'Email,Paid Amount,Payment Method,Transaction ID,Course',
  'new.student@example.com,USD 49.00,Credit Card,tx_new_1,Full-Stack Web Development',
  'nobody@example.com,USD 10.00,PayPal,tx_new_2,Full-Stack Web Development',
].join('\r\n');

const reply = (dryRun: boolean): ImportReply => ({
  success: true,
  showMessage: true,
  dryRun,
  message: dryRun
    ? '1 row ready to import, 0 already recorded, 1 with errors.'
    : 'Imported 1 enrollment. 0 already recorded, 1 with errors: the result file says why.',
  counts: { rows: 2, ready: 1, skipped: 0, invalid: 1 },
  rows: [
    dryRun
      ? { row: 2, status: 'ready', message: 'Will enroll New Student in Full-Stack Web Development for USD 49.00.' }
      : {
          row: 2,
          status: 'imported',
          message: 'Enrolled New Student in Full-Stack Web Development for USD 49.00.',
          enrollmentId: 'e-new',
        },
    {
      row: 3,
      status: 'invalid',
      message: 'Email: No user has this email.',
      errors: { Email: 'No user has this email.' },
    },
  ],
});

const imported: Enrollment = {
  ...ann,
  _id: '40000000-0000-4000-8000-0000000000ee',
  userId: null,
  userDetails: { name: 'New Student', email: 'new.student@example.com', phone: null },
  transactionId: 'tx_new_1',
};

async function openDialog() {
  const rendered = renderApp(`/enrollments/batch/${winter._id}`);
  await rendered.user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import enrollments into Winter 2026' });
  return { ...rendered, dialog: within(dialog) };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const csvFile = (text = FILE, name = 'students.csv') => new File([text], name, { type: 'text/csv' });

describe('Import CSV on a batch page', () => {
  it('downloads the template: the header of the enrollments download', async () => {
    const files = captureDownloads();
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Download template' }));
    expect(files.map((f) => f.name)).toEqual(['enrollments-import-template.csv']);
    expect(await csvLines(files[0]!.text)).toEqual([
      'Name,Email,Phone,Paid Amount,Payment Method,Transaction ID,Course,Course Description,Approved,Approval Date,Enrollment Date,Batch',
    ]);
  });

  it('checks the file on the server (a dry run of the CSV) and shows what happens to each row', async () => {
    const sent: { url: string; type: string | null; body: string }[] = [];
    server.use(
      http.post('/api/batches/:id/import', async ({ request }) => {
        sent.push({ url: request.url, type: request.headers.get('content-type'), body: await request.text() });
        return HttpResponse.json(reply(true));
      }),
    );
    const { user, dialog } = await openDialog();
    expect(dialog.getByRole('button', { name: 'Check file' })).toBeDisabled();
    await user.upload(fileInput(), csvFile());
    await user.click(dialog.getByRole('button', { name: 'Check file' }));
    expect(await dialog.findByText('1 row ready to import, 0 already recorded, 1 with errors.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: expect.stringMatching(new RegExp(`/api/batches/${winter._id}/import\\?dryRun=true$`)),
        type: 'text/csv',
        body: FILE,
      },
    ]);
    expect(
      dialog.getByText('Will enroll New Student in Full-Stack Web Development for USD 49.00.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Email: No user has this email.')).toBeInTheDocument();
    expect(dialog.getByText('Ready')).toBeInTheDocument();
    expect(dialog.getByText('Invalid')).toBeInTheDocument();

    await user.click(dialog.getByRole('checkbox', { name: 'Show only rows with problems' }));
    expect(dialog.queryByText('Ready')).not.toBeInTheDocument();
    expect(dialog.getByText('Invalid')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import 1 enrollment' })).toBeEnabled();
  });

  it('imports, shows the new rows through the sync, and gives a result file with each row’s outcome', async () => {
    server.use(
      http.post('/api/batches/:id/import', async ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
        if (!dryRun) {
          await delay(100);
          setMockLists({ enrollments: [imported, ...enrollments] });
        }
        return HttpResponse.json(reply(dryRun));
      }),
    );
    const files = captureDownloads();
    const { user, dialog } = await openDialog();
    await user.upload(fileInput(), csvFile());
    await user.click(dialog.getByRole('button', { name: 'Check file' }));
    const importButton = await dialog.findByRole('button', { name: 'Import 1 enrollment' });
    await user.click(importButton);
    expect(await dialog.findByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(
      await dialog.findByText('Imported 1 enrollment. 0 already recorded, 1 with errors: the result file says why.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Imported')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Download result file' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('Winter 2026 import result.csv');
    expect(await csvLines(files[0]!.text)).toEqual([
      'Email,Paid Amount,Payment Method,Transaction ID,Course,Import Result,Import Details',
      'new.student@example.com,USD 49.00,Credit Card,tx_new_1,Full-Stack Web Development,Imported,' +
        'Enrolled New Student in Full-Stack Web Development for USD 49.00.',
      'nobody@example.com,USD 10.00,PayPal,tx_new_2,Full-Stack Web Development,Invalid,Email: No user has this email.',
    ]);

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: 'Open enrollment of New Student' })).toBeInTheDocument();
  });

  it('a refused file: the server’s sentence, and no import offered', async () => {
    const message =
      'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 2 (Email). Remove that first ' +
      "character, or start the cell with ' to keep it as text.";
    server.use(
      http.post('/api/batches/:id/import', () =>
        HttpResponse.json({ success: false, message, showMessage: true, errors: { file: message } }, { status: 400 }),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.upload(fileInput(), csvFile('Email\r\n=cmd\r\n'));
    await user.click(dialog.getByRole('button', { name: 'Check file' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(dialog.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('a file over 50 MB is refused before it is sent', async () => {
    let calls = 0;
    server.use(http.post('/api/batches/:id/import', () => ((calls += 1), HttpResponse.json(reply(true)))));
    const { user, dialog } = await openDialog();
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 });
    await user.upload(fileInput(), big);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The file is larger than 50 MB. Split it into smaller files and import each.',
    );
    expect(dialog.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(calls).toBe(0);
  });

  it('an import with no reply says so and never pretends it worked; trying again is possible', async () => {
    server.use(
      http.post('/api/batches/:id/import', ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? HttpResponse.json(reply(true))
          : HttpResponse.error(),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.upload(fileInput(), csvFile());
    await user.click(dialog.getByRole('button', { name: 'Check file' }));
    await user.click(await dialog.findByRole('button', { name: 'Import 1 enrollment' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'No response from the server. Please check your network connection.',
    );
    expect(dialog.queryByText(/^Imported/)).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import 1 enrollment' })).toBeEnabled();
  });

  it('offline: Import CSV is disabled and says why', async () => {
    renderApp(`/enrollments/batch/${winter._id}`);
    await screen.findByRole('button', { name: 'Import CSV' });
    onlineManager.setOnline(false);
    await expectDisabledOffline(() => screen.getByRole('button', { name: 'Import CSV' }));
  });
});
