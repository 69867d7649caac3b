import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { type TableDataItem } from '@/shared/schemas';
import { itemTab } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { feature: string; value: string };

function Fields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput label="Feature" required placeholder="e.g. Live sessions" {...form.getInputProps('feature')} />
      <TextInput label="Value" required placeholder="e.g. 2 per week" {...form.getInputProps('value')} />
    </>
  );
}

/** The features table of the course page: one feature and its value per row. */
function Content({ item }: { item: TableDataItem }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
      <Text fw={600}>{item.feature}</Text>
      <Text c="dimmed">{item.value}</Text>
    </SimpleGrid>
  );
}

export const FeaturesTab = itemTab('tableData', { name: (item) => `feature "${item.feature}"`, Fields, Content });
