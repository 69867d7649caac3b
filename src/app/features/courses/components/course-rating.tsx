import { Group, Rating, Text, VisuallyHidden, type MantineSize } from '@mantine/core';

const reviewsText = (n: number) => `(${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'})`;

/** Stars for the eye, the number and the review count for everyone (the stars are hidden from screen readers). */
export function CourseRating({
  rating,
  reviews,
  size = 'sm',
}: {
  rating: number;
  reviews: number;
  size?: MantineSize;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Rating value={rating} fractions={10} readOnly size={size} aria-hidden />
      <Text size={size} fw={600}>
        <VisuallyHidden>Rating </VisuallyHidden>
        {rating.toFixed(1)}
      </Text>
      <Text size={size} c="dimmed">
        {reviewsText(reviews)}
      </Text>
    </Group>
  );
}
