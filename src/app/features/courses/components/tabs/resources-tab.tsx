import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type ResourceItem } from '@/shared/schemas';
import { itemTab } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { name: string; link: string };

function Fields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput
        label="Link"
        required
        type="url"
        inputMode="url"
        placeholder="https://…"
        {...form.getInputProps('link')}
      />
    </>
  );
}

function Content({ item }: { item: ResourceItem }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{item.name}</Text>
      <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.link} <IconExternalLink size={14} style={{ verticalAlign: -2 }} aria-label="(opens in a new tab)" />
      </Anchor>
    </Stack>
  );
}

export const ResourcesTab = itemTab('resource', { name: (item) => `resource "${item.name}"`, Fields, Content });
