import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { formatPrice } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Course } from '@/shared/schemas';
import classes from './course-hero.module.css';
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
      {/* On a phone a thumbnail beside the title, the rest below both and the description clamped: the tabs come
          into view at once (course-hero.module.css). */}
      <div className={classes.hero}>
        <div className={classes.image}>
          <CourseImage src={image} radius="md" />
        </div>
        <Title order={1} fz={{ base: 20, sm: 30 }} lh={1.2} className={classes.title}>
          {title}
        </Title>
        <Stack gap="xs" className={classes.body}>
          <Group gap="sm">
            <CourseRating rating={rating} reviews={reviews} size="md" />
            <Badge variant="light" size="lg">
              {formatPrice(price)}
            </Badge>
          </Group>
          <Text c="dimmed" className={classes.description}>
            {description}
          </Text>
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
      </div>
      {editing ? <EditCardModal course={course} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
}
