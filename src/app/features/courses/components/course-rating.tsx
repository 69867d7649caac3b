import { Group, Rating, Text, VisuallyHidden, type MantineSize } from '@mantine/core';
import { MESSAGES } from '@/shared/messages';

/**
 * Stars for the eye, the number and the review count for everyone (the stars are hidden from screen readers); a
 * course without reviews says so instead of showing a rating nobody gave.
 */
export function CourseRating({
  rating,
  reviews,
  size = 'sm',
}: {
  rating: number;
  reviews: number;
  size?: MantineSize;
}) {
  if (reviews === 0)
    return (
      <Text size={size} c="dimmed">
        {MESSAGES.courseCard.noReviews}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Rating value={rating} fractions={10} readOnly size={size} aria-hidden />
      <Text size={size} fw={600}>
        <VisuallyHidden>Rating </VisuallyHidden>
        {rating.toFixed(1)}
      </Text>
      <Text size={size} c="dimmed">
        {MESSAGES.count.reviews(reviews)}
      </Text>
    </Group>
  );
}
