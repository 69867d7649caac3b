import { Stack, Text, TextInput } from '@mantine/core';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { plural } from '@/shared/plural';
import { type Course, type FaqItem } from '@/shared/schemas';
import { ItemText } from './item-row';
import { ItemTab, type ItemView } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { question: string; answer: string };

function Fields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput label="Question" required {...form.getInputProps('question')} />
      <LongTextInput label="Answer" required {...form.getInputProps('answer')} />
    </>
  );
}

function Content({ item }: { item: FaqItem }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{item.question}</Text>
      <ItemText>{item.answer}</ItemText>
    </Stack>
  );
}

const view: ItemView<'faq', Values> = {
  kind: 'faq',
  noun: 'FAQ',
  count: (n) => plural(n, 'question'),
  emptyText: 'No FAQs yet.',
  name: (item) => `FAQ "${item.question}"`,
  blank: { question: '', answer: '' },
  Fields,
  Content,
};

export const FaqTab = ({ course }: { course: Course }) => <ItemTab course={course} view={view} />;
