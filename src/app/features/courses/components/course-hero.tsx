import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPrice } from '@/app/lib/format';
import type { Course } from '@/shared/schemas';
import { CourseImage } from './course-image';
import { CourseRating } from './course-rating';

/** Banner of the detail screen: the course as its card shows it (image, title, rating, reviews, description). */
export function CourseHero({ course }: { course: Course }) {
  const { image, title, description, rating, reviews, price } = course.cardData;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Grid gap="lg" align="center">
        <Grid.Col span={{ base: 12, sm: 5, lg: 3 }}>
          <CourseImage src={image} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 9 }}>
          <Stack gap="xs">
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
              {title}
            </Title>
            <Group gap="sm">
              <CourseRating rating={rating} reviews={reviews} size="md" />
              <Badge variant="light" size="lg">
                {formatPrice(price)}
              </Badge>
            </Group>
            <Text c="dimmed">{description}</Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
