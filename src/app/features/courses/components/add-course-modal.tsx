import { Box, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { MoneyInput } from '@/app/components/ui/money-input';
import { useAddCourse } from '@/app/features/courses/api/add-course';
import { courseCardBody } from '@/shared/schemas';
import { CourseImage } from './course-image';
import { LongTextInput } from './long-text-input';
import { SchemaFormModal } from './modals/schema-form-modal';
import type { UseFormReturnType } from '@mantine/form';

type Num = number | string;
type CourseCardValues = { image: string; title: string; description: string; rating: Num; reviews: Num; price: Num };

const BLANK: CourseCardValues = { image: '', title: '', description: '', rating: '', reviews: '', price: '' };

function CourseCardFields({ form }: { form: UseFormReturnType<CourseCardValues> }) {
  const image = form.values.image.trim();
  return (
    <>
      <TextInput
        label="Image"
        required
        placeholder="/images/courses/my-course.svg or https://…"
        description="Path or address of the card picture (16:9)"
        {...form.getInputProps('image')}
      />
      {image ? (
        <Box maw={200}>
          <CourseImage src={image} radius="sm" />
        </Box>
      ) : null}
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <LongTextInput label="Description" required {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NumberInput
          label="Rating"
          required
          step={0.1}
          decimalScale={1}
          placeholder="4.5"
          {...form.getInputProps('rating')}
        />
        <NumberInput
          label="Reviews"
          required
          allowDecimal={false}
          thousandSeparator=","
          placeholder="0"
          {...form.getInputProps('reviews')}
        />
        <MoneyInput label="Price" required placeholder="$0.00" {...form.getInputProps('price')} />
      </SimpleGrid>
    </>
  );
}

export function AddCourseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddCourse();
  return (
    <SchemaFormModal
      title="Add Course"
      submitLabel="Add Course"
      pendingLabel="Adding..."
      opened={opened}
      onClose={onClose}
      initialValues={BLANK}
      schema={courseCardBody}
      Fields={CourseCardFields}
      onSubmit={(body) => add.mutateAsync(body)}
      pending={add.isPending}
      resetOnSuccess
    />
  );
}
