import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateLearningPoints } from '@/app/features/courses/api/update-learning-points';
import { zodValidate } from '@/app/lib/form';
import { whatYouWillLearnBody, type Course } from '@/shared/schemas/course';
import classes from './learn-tab.module.css';
import { UpdateButton } from './update-button';
import { useServerForm } from './use-server-form';

const learningPoints = (course: Course) => ({ whatYouWillLearn: [...course.pageData.whatYouWillLearn] });

/** Learn: the what-you-will-learn points, edited as lines (each required) and saved together with Update. */
export function LearnTab({ course }: { course: Course }) {
  const update = useUpdateLearningPoints(course._id);
  const { form, submit, panel } = useServerForm({
    course,
    valuesOf: learningPoints,
    validate: zodValidate(whatYouWillLearnBody),
    write: async ({ whatYouWillLearn }, version) =>
      (await update.mutateAsync({ ...whatYouWillLearnBody.parse({ whatYouWillLearn }), ...version })).data,
    pending: update.isPending,
  });
  // Focus goes to a line the admin just added, not on first render.
  const [added, setAdded] = useState(false);
  const points = form.values.whatYouWillLearn;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {panel}
        <Text size="sm" c="dimmed">
          What students will learn, one point per line.
        </Text>
        {points.length === 0 ? <Text c="dimmed">No learning points yet.</Text> : null}
        {points.map((_, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            {/* One row for a one-line point, growing as it wraps (a long point reads whole on a phone); the
                icon sits on the first line. */}
            <Textarea
              aria-label={`Learning point ${i + 1}`}
              placeholder="e.g. Build and deploy a REST API"
              autosize
              minRows={1}
              maxRows={8}
              leftSection={<IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />}
              classNames={{ section: classes.icon }}
              style={{ flex: 1 }}
              autoFocus={added && i === points.length - 1}
              {...form.getInputProps(`whatYouWillLearn.${i}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="input-sm"
              aria-label={`Remove learning point ${i + 1}`}
              onClick={() => form.removeListItem('whatYouWillLearn', i)}
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
        ))}
        {form.errors.whatYouWillLearn ? (
          <Text size="sm" c="red">
            {form.errors.whatYouWillLearn}
          </Text>
        ) : null}
        <Group justify="space-between" mt="xs">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              form.insertListItem('whatYouWillLearn', '');
              setAdded(true);
            }}
          >
            Add point
          </Button>
          <UpdateButton pending={update.isPending} label="Update" />
        </Group>
      </Stack>
    </form>
  );
}
