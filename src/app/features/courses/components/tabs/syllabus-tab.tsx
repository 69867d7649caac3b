import { Badge, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { plural } from '@/shared/plural';
import { type Course, type SyllabusItem } from '@/shared/schemas';
import { ItemText } from './item-row';
import { ItemTab, type ItemView } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { week: number | string; topic: string; details: string };

function Fields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <NumberInput
        label="Week Number"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('week')}
      />
      <TextInput label="Topic" required {...form.getInputProps('topic')} />
      <LongTextInput label="Details" required {...form.getInputProps('details')} />
    </>
  );
}

function Content({ item }: { item: SyllabusItem }) {
  return (
    <Stack gap={4}>
      <Badge variant="light" radius="sm">
        Week {item.week}
      </Badge>
      <Text fw={600}>{item.topic}</Text>
      <ItemText>{item.details}</ItemText>
    </Stack>
  );
}

const view: ItemView<'syllabus', Values> = {
  kind: 'syllabus',
  noun: 'Syllabus',
  count: (n) => plural(n, 'week'),
  emptyText: 'No syllabus weeks yet.',
  name: (item) => `syllabus week ${item.week}`,
  blank: { week: '', topic: '', details: '' },
  Fields,
  Content,
};

export const SyllabusTab = ({ course }: { course: Course }) => <ItemTab course={course} view={view} />;
