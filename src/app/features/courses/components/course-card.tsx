import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { DeleteButton } from '@/app/components/ui/write-controls';
import { formatPrice } from '@/app/lib/format';
import { DESCRIPTION_CLAMP_LINES } from '@/shared/constants';
import type { Course } from '@/shared/schemas';
import { CourseImage } from './course-image';
import { CourseRating } from './course-rating';

interface CourseCardProps {
  course: Course;
  onDelete: () => void;
  deleting: boolean;
}

export function CourseCard({ course, onDelete, deleting }: CourseCardProps) {
  const { image, title, description, price, rating, reviews } = course.cardData;
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} withBorder shadow="sm" radius="md" padding="md">
      <Card.Section>
        <CourseImage src={image} />
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="lg" lh={1.3} id={titleId} lineClamp={2}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={DESCRIPTION_CLAMP_LINES} title={description}>
          {description}
        </Text>
        <Group justify="space-between" align="center" mt="auto" pt="xs" wrap="wrap" gap="xs">
          <CourseRating rating={rating} reviews={reviews} />
          <Text fw={700} fz="lg">
            {formatPrice(price)}
          </Text>
        </Group>
      </Stack>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <DeleteButton
          variant="subtle"
          size="compact-sm"
          onClick={onDelete}
          loading={deleting}
          aria-label={`Delete course ${title}`}
        >
          Delete
        </DeleteButton>
        <Button
          renderRoot={(props) => <Link to="/courses/$id" params={{ id: course._id }} {...props} />}
          variant="light"
          size="compact-sm"
          rightSection={<IconArrowRight size={16} />}
          aria-label={`More Info about ${title}`}
        >
          More Info
        </Button>
      </Group>
    </Card>
  );
}
