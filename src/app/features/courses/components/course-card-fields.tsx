import { Box, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MoneyInput } from '@/app/components/ui/money-input';
import { MESSAGES } from '@/shared/messages';
import type { Course } from '@/shared/schemas';
import { CourseImage } from './course-image';
import { LongTextInput } from './long-text-input';
import type { UseFormReturnType } from '@mantine/form';

type Num = number | string;
export type CourseCardValues = {
  image: string;
  title: string;
  description: string;
  rating: Num;
  reviews: Num;
  price: Num;
};

/** Add Course starts empty: no made-up rating or review count, and the default picture until one is given. */
export const BLANK_CARD: CourseCardValues = {
  image: '',
  title: '',
  description: '',
  rating: '',
  reviews: '',
  price: '',
};

/** The card as its edit form starts. */
export const cardValues = ({ cardData: c }: Course): CourseCardValues => ({ ...c });

const M = MESSAGES.courseCard;

/** The card's fields, shared by Add Course and Edit card; the picture's preview follows what is typed. */
export function CourseCardFields({ form }: { form: UseFormReturnType<CourseCardValues> }) {
  const image = form.values.image.trim();
  return (
    <>
      {/* On a phone the preview goes under the field, which keeps the modal's width. */}
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Image"
          placeholder="/images/courses/my-course.svg or https://…"
          description={M.imageHint}
          style={{ flex: '1 1 240px' }}
          {...form.getInputProps('image')}
        />
        <Box w={120} style={{ flex: 'none' }}>
          <CourseImage src={image} radius="sm" />
          {image ? null : (
            <Text size="xs" c="dimmed" mt={2}>
              {M.defaultImage}
            </Text>
          )}
        </Box>
      </Group>
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <LongTextInput label="Description" required {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NumberInput label="Rating" step={0.1} decimalScale={1} {...form.getInputProps('rating')} />
        <NumberInput label="Reviews" allowDecimal={false} thousandSeparator="," {...form.getInputProps('reviews')} />
        <MoneyInput label="Price" required placeholder="$0.00" {...form.getInputProps('price')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {M.noneYetHint}
      </Text>
    </>
  );
}
