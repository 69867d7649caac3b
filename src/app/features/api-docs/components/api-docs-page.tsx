import { Accordion, Alert, Anchor, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/app/components/ui/page-header';
import { openApiQuery, type OpenApiOperation } from '@/app/features/api-docs/api/get-openapi';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import { OperationItem } from './operation-item';

type Entry = { method: string; path: string; op: OpenApiOperation };

/** A readable view of GET /api/openapi.json, grouped by tag, for whoever integrates with the API. */
export function ApiDocsPage() {
  const { data, error, isPending } = useQuery(openApiQuery);
  const byTag = new Map<string, Entry[]>();
  for (const [path, ops] of Object.entries(data?.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <Stack>
      <PageHeader title={MESSAGES.apiDocs.title} />
      {isPending ? <Loader aria-label={MESSAGES.apiDocs.loading} /> : null}
      {error ? <Alert color="red">{MESSAGES.apiDocs.failed}</Alert> : null}
      {data ? (
        <>
          <Text size="sm">
            <CodeSpans text={data.info.description} /> {MESSAGES.apiDocs.machineReadable}{' '}
            <Anchor href={API_ROUTES.openapi.path} target="_blank" rel="noreferrer">
              {API_ROUTES.openapi.path}
            </Anchor>{' '}
            (OpenAPI 3.1, version {data.info.version}).
          </Text>
          {[...byTag].map(([tag, entries]) => (
            <Stack key={tag} gap="xs">
              <Title order={3} size="h4">
                {tag}
              </Title>
              <Accordion variant="separated" chevronPosition="right">
                {entries.map((e) => (
                  <OperationItem key={`${e.method} ${e.path}`} {...e} />
                ))}
              </Accordion>
            </Stack>
          ))}
        </>
      ) : null}
    </Stack>
  );
}

/** OpenAPI descriptions are CommonMark; this one uses only `code` spans, shown as code rather than backticks. */
function CodeSpans({ text }: { text: string }) {
  return text.split('`').map((part, i) => (i % 2 ? <Code key={i}>{part}</Code> : part));
}
