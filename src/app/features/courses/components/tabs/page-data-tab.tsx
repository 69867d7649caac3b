import { Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MoneyInput } from '@/app/components/ui/money-input';
import { useUpdatePageData } from '@/app/features/courses/api/update-page-data';
import { LongTextInput } from '@/app/features/courses/components/long-text-input';
import { zodValidate } from '@/app/lib/form';
import { formatPrice } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import { pageDataBody, type Course, type CourseDetails } from '@/shared/schemas/course';
import { UpdateButton } from './update-button';
import { useServerForm } from './use-server-form';

const DETAIL_FIELDS: { key: keyof CourseDetails; label: string; placeholder?: string }[] = [
  { key: 'duration', label: 'Duration', placeholder: 'e.g. 12 weeks' },
  { key: 'level', label: 'Level', placeholder: 'e.g. Beginner' },
  { key: 'language', label: 'Language', placeholder: 'e.g. English' },
  { key: 'certificate', label: 'Certificate', placeholder: 'e.g. Certificate of completion' },
  { key: 'instructor', label: 'Instructor' },
  { key: 'enrollmentDeadline', label: 'Enrollment Deadline' },
  { key: 'startDate', label: 'Start Date' },
];
const DATE_FIELDS = new Set<keyof CourseDetails>(['enrollmentDeadline', 'startDate']);
/** Dates are edited as YYYY-MM-DD; a value written another way stays a plain text field so it is never lost. */
const dateInputType = (value: string) => (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'date' : 'text');

const toValues = (course: Course) => {
  const { title, description, slug, price, discountPrice, courseDetails } = course.pageData;
  return {
    title,
    description,
    slug,
    price: price as number | string,
    discountPrice: (discountPrice ?? '') as number | string,
    courseDetails: { ...courseDetails },
  };
};

/** Page Data: the course page's own fields, saved together with 'Update All Data' (PUT /courses/{id}/pageData). */
export function PageDataTab({ course }: { course: Course }) {
  const update = useUpdatePageData(course._id);
  const { form, submit, panel } = useServerForm({
    course,
    valuesOf: toValues,
    validate: zodValidate(pageDataBody),
    write: async (values, version) => (await update.mutateAsync({ ...pageDataBody.parse(values), ...version })).data,
    pending: update.isPending,
  });
  const initialDetails = course.pageData.courseDetails;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {panel}
        <Fieldset legend="Course page">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {MESSAGES.courseCard.pageLegendHint(course.cardData.title, formatPrice(course.cardData.price))}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <TextInput
                label="Slug"
                required
                description="Lower-case letters, digits and dashes"
                {...form.getInputProps('slug')}
              />
            </SimpleGrid>
            <LongTextInput label="Description" required {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput label="Price" required {...form.getInputProps('price')} />
              <MoneyInput
                label="Discount Price"
                description="Leave empty for no discount"
                {...form.getInputProps('discountPrice')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Course details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {DETAIL_FIELDS.map(({ key, label, placeholder }) => (
              <TextInput
                key={key}
                label={label}
                placeholder={placeholder}
                type={DATE_FIELDS.has(key) ? dateInputType(initialDetails[key]) : 'text'}
                {...form.getInputProps(`courseDetails.${key}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <UpdateButton pending={update.isPending} label="Update All Data" />
        </Group>
      </Stack>
    </form>
  );
}
