import { Alert, Badge, Button, Checkbox, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { WriteButton } from '@/app/components/ui/write-controls';
import { useImportEnrollments } from '@/app/features/enrollments/api/import-enrollments';
import { downloadImportResult, downloadImportTemplate } from '@/app/features/enrollments/import-csv';
import { errorToastText } from '@/app/lib/api-feedback';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MB,
  type ImportReply,
  type ImportRow,
  type ImportRowStatus,
} from '@/shared/schemas/import';

const M = MESSAGES.import;
const STATUS_COLOR: Record<ImportRowStatus, string> = {
  ready: 'blue',
  imported: 'green',
  skipped: 'gray',
  invalid: 'red',
};

const columns: Column<ImportRow>[] = [
  { key: 'row', header: M.columns.row, width: 70, render: (r) => r.row },
  {
    key: 'result',
    header: M.columns.result,
    width: 120,
    render: (r) => (
      <Badge color={STATUS_COLOR[r.status]} variant="light">
        {M.status[r.status]}
      </Badge>
    ),
  },
  { key: 'details', header: M.columns.details, render: (r) => <Text size="sm">{r.message}</Text> },
];

const view: TableView<ImportRow> = {
  columns,
  rowKey: (r) => String(r.row),
  emptyText: M.noRows,
  maxHeight: 320,
  rowHeight: 44,
  caption: M.previewCaption,
};

/** What each row did (or would do), with a filter for the rows that need fixing. */
function RowOutcomes({ reply }: { reply: ImportReply }) {
  const [problemsOnly, setProblemsOnly] = useState(false);
  const rows = useMemo(
    () => (problemsOnly ? reply.rows.filter((r) => r.status === 'invalid') : reply.rows),
    [problemsOnly, reply],
  );
  return (
    <>
      {reply.counts.invalid > 0 ? (
        <Checkbox
          label={M.onlyProblems}
          checked={problemsOnly}
          onChange={(e) => setProblemsOnly(e.currentTarget.checked)}
        />
      ) : null}
      <DataTable view={view} rows={rows} />
    </>
  );
}

/**
 * "Import CSV" on a batch page: choose a file (or download the template), see what each row would do (a dry
 * run on the server), then import the valid rows in one go and download the result file. Writes are online
 * only; the new enrollments reach the table through the sync.
 */
export function ImportDialog({ batch, opened, onClose }: { batch: Batch; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  const [file, setFile] = useState<File | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const check = useImportEnrollments();
  const run = useImportEnrollments();
  const preview = check.data;
  const result = run.data;
  const failure = run.error ?? check.error;
  const error = tooBig ? M.tooLarge(IMPORT_MAX_MB) : failure ? errorToastText(failure) : null;

  const reset = () => {
    check.reset();
    run.reset();
    setTooBig(false);
  };
  const choose = (next: File | null) => {
    reset();
    setFile(next);
    // Refused here, before a byte is sent; the server refuses it too.
    setTooBig(Boolean(next && next.size > IMPORT_MAX_BYTES));
  };
  const close = () => {
    if (run.isPending) return;
    reset();
    setFile(null);
    onClose();
  };
  const send = (dryRun: boolean) => {
    if (!file || tooBig) return;
    (dryRun ? check : run).mutate({ batchId: batch._id, file, dryRun });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={M.title(batch.batchName)}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': M.close }}
    >
      <Stack gap="sm">
        {result ? null : (
          <>
            <Text size="sm">{M.intro}</Text>
            <Text size="sm" c="dimmed">
              {M.templateHint}
            </Text>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <FileInput
                label={M.fileLabel}
                placeholder={M.filePlaceholder}
                accept=".csv,text/csv"
                value={file}
                onChange={choose}
                leftSection={<IconFileTypeCsv size={18} />}
                clearable
                clearButtonProps={{ 'aria-label': M.clearFile }}
                style={{ flex: '1 1 16rem' }}
                disabled={check.isPending || run.isPending}
              />
              <Button variant="default" leftSection={<IconDownload size={18} />} onClick={downloadImportTemplate}>
                {M.template}
              </Button>
            </Group>
          </>
        )}

        {error ? (
          <Alert color="red" role="alert" title={null}>
            {error}
          </Alert>
        ) : null}

        {(result ?? preview) ? (
          <>
            <Alert color={(result ?? preview)!.counts.invalid ? 'yellow' : 'green'} role="status">
              {(result ?? preview)!.message}
            </Alert>
            {!result && preview?.counts.ready === 0 ? <Text size="sm">{M.nothingToImport}</Text> : null}
            <RowOutcomes reply={(result ?? preview)!} />
          </>
        ) : null}

        {/* Kept in view at the bottom while a long preview scrolls (a phone shows the dialog full screen). */}
        <Group justify="flex-end" gap="xs" py="sm" pos="sticky" bottom={0} bg="var(--mantine-color-body)">
          {result ? (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={18} />}
                onClick={() => file && void downloadImportResult(M.resultFileName(batch.batchName), file, result)}
              >
                {M.resultFile}
              </Button>
              <Button onClick={close}>{M.finish}</Button>
            </>
          ) : preview ? (
            <>
              <Button variant="default" onClick={() => choose(null)} disabled={run.isPending}>
                {M.chooseAnother}
              </Button>
              <WriteButton onClick={() => send(false)} disabled={run.isPending || preview.counts.ready === 0}>
                {run.isPending ? M.importing : M.importRows(preview.counts.ready)}
              </WriteButton>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                {M.cancel}
              </Button>
              <WriteButton onClick={() => send(true)} disabled={!file || tooBig || check.isPending}>
                {check.isPending ? M.checking : M.check}
              </WriteButton>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
