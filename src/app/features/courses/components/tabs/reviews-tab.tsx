import { Group, Input, Rating, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { RATING_MAX, RATING_MIN } from '@/shared/constants';
import { plural } from '@/shared/plural';
import { type ReviewItem } from '@/shared/schemas';
import { ItemBody } from './item-row';
import { itemTab } from './item-tab';
import type { UseFormReturnType } from '@mantine/form';

type Values = { reviewer: string; rating: number; comment: string };

const starLabel = (n: number) => plural(n, 'star');

/** Rating is picked with stars, so it can only be 1 to 5, the rule of the review schema; it starts at 1. */
function Fields({ form }: { form: UseFormReturnType<Values> }) {
  const labelId = useId();
  const rating = form.getInputProps('rating');
  return (
    <>
      <TextInput label="Reviewer" required {...form.getInputProps('reviewer')} />
      <Input.Wrapper label="Rating" required labelElement="div" id={labelId} error={rating.error}>
        <Group gap="sm" mt={4}>
          <Rating
            value={form.values.rating}
            onChange={(v) => form.setFieldValue('rating', Math.min(RATING_MAX, Math.max(RATING_MIN, v)))}
            count={RATING_MAX}
            size="lg"
            role="radiogroup"
            aria-labelledby={labelId}
            getSymbolLabel={starLabel}
          />
          <Text size="sm" c="dimmed" aria-hidden>
            {form.values.rating} / {RATING_MAX}
          </Text>
        </Group>
      </Input.Wrapper>
      <LongTextInput label="Comment" required {...form.getInputProps('comment')} />
    </>
  );
}

function Content({ item }: { item: ReviewItem }) {
  const stars = (
    <Rating
      value={item.rating}
      readOnly
      size="sm"
      role="img"
      aria-label={`${starLabel(item.rating)} out of ${RATING_MAX}`}
    />
  );
  return <ItemBody title={item.reviewer} beside={stars} text={item.comment} />;
}

export const ReviewsTab = itemTab('review', {
  name: (item) => `review by ${item.reviewer}`,
  Fields,
  Content,
  start: { rating: RATING_MIN },
});
