import { Badge, NumberInput, TextInput } from '@mantine/core';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { type SyllabusItem } from '@/shared/schemas';
import { ItemBody } from './item-row';
import { itemTab } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { week: number | string; topic: string; details: string };

function Fields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <NumberInput label="Week Number" required min={1} allowDecimal={false} {...form.getInputProps('week')} />
      <TextInput label="Topic" required {...form.getInputProps('topic')} />
      <LongTextInput label="Details" required {...form.getInputProps('details')} />
    </>
  );
}

function Content({ item }: { item: SyllabusItem }) {
  const week = (
    <Badge variant="light" radius="sm">
      Week {item.week}
    </Badge>
  );
  return <ItemBody above={week} title={item.topic} text={item.details} />;
}

export const SyllabusTab = itemTab('syllabus', { name: (item) => `syllabus week ${item.week}`, Fields, Content });
