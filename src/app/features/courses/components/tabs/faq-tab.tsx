import { TextInput } from '@mantine/core';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { type FaqItem } from '@/shared/schemas';
import { ItemBody } from './item-row';
import { itemTab } from './item-tab';
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
  return <ItemBody title={item.question} text={item.answer} />;
}

export const FaqTab = itemTab('faq', { name: (item) => `FAQ "${item.question}"`, Fields, Content });
