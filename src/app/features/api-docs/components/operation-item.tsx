import { Accordion, Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { OpenApiOperation } from '@/app/features/api-docs/api/get-openapi';

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'grape',
  delete: 'red',
};

const jsonSchema = (content?: Record<string, { schema?: unknown }>) => content?.['application/json']?.schema;

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
        {JSON.stringify(schema, null, 2)}
      </Code>
    </Stack>
  );
}

/** One route: method, path and summary; opened, its request body and success reply as JSON Schema. */
export function OperationItem({ method, path, op }: { method: string; path: string; op: OpenApiOperation }) {
  const [status, success] = Object.entries(op.responses).find(([code]) => code.startsWith('2')) ?? [];
  const body = jsonSchema(op.requestBody?.content);
  const reply = jsonSchema(success?.content);
  return (
    // The value becomes part of element ids that aria-labelledby lists: no spaces.
    <Accordion.Item value={`${method}${path}`.replace(/[^\w-]/g, '-')}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Badge color={METHOD_COLORS[method]} variant="light" w={72} style={{ flexShrink: 0 }}>
            {method.toUpperCase()}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Code style={{ overflowWrap: 'anywhere' }}>{path}</Code>
            <Text size="sm">{op.summary}</Text>
          </Stack>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm">
            {op.security?.length === 0 ? 'No token needed.' : 'Needs an administrator’s token.'} Success: {status}{' '}
            {success?.description}
          </Text>
          {body ? <SchemaBlock label="Request body" schema={body} /> : null}
          {reply ? <SchemaBlock label="Reply" schema={reply} /> : null}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
