import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { formatPrice } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Course } from '@/shared/schemas';
import { CourseImage } from './course-image';
import { CourseRating } from './course-rating';
import { EditCardModal } from './edit-card-modal';

const M = MESSAGES.courseCard;

/**
 * Banner of the detail screen: the course as its card shows it (image, title, rating, reviews, description), with
 * its edit form; when the page's title or price differ from the card's, it says what the page shows.
 */
export function CourseHero({ course }: { course: Course }) {
  const { image, title, description, rating, reviews, price } = course.cardData;
  const page = course.pageData;
  const [editing, setEditing] = useState(false);
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
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {M.cardShows}
                </Text>
                {page.title !== title || page.price !== price ? (
                  <Text size="sm" c="dimmed">
                    {M.pageShows(page.title, formatPrice(page.price))}
                  </Text>
                ) : null}
              </Stack>
              <WriteButton
                variant="light"
                size="compact-sm"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                {M.edit}
              </WriteButton>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      {editing ? <EditCardModal course={course} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
}
