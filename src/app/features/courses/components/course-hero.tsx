import { Badge, Button, Paper, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPencil } from '@tabler/icons-react';
import { useId, useState } from 'react';
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
 * its edit form; when the page's title or price differ from the card's, it says what the page shows. On a phone it
 * is one row (thumbnail, title, price) over Card details and Edit card: the rating, the description and the notes
 * open with Card details, so the tabs and the start of the chosen tab are on the first screen.
 */
export function CourseHero({ course }: { course: Course }) {
  const { image, title, description, rating, reviews, price } = course.cardData;
  const page = course.pageData;
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const [ratingId, descriptionId, notesId] = ['rating', 'description', 'notes'].map((part) => `${id}-${part}`);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      {/* The layouts of both widths are in course-hero.module.css; the toggle shows on phones only. */}
      <div className={classes.hero} data-open={open || undefined}>
        <div className={classes.image}>
          <CourseImage src={image} radius="md" />
        </div>
        <Title order={1} fz={{ base: 18, sm: 30 }} lh={1.2} className={classes.title}>
          {title}
        </Title>
        <div className={classes.body}>
          <div className={classes.meta}>
            <div id={ratingId} className={classes.rating}>
              <CourseRating rating={rating} reviews={reviews} size="md" />
            </div>
            <div className={classes.price}>
              <Badge variant="light" size="lg">
                {formatPrice(price)}
              </Badge>
            </div>
          </div>
          <div className={classes.toggle}>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={open}
              aria-controls={`${ratingId} ${descriptionId} ${notesId}`}
              rightSection={<IconChevronDown size={16} className={classes.chevron} aria-hidden />}
              onClick={() => setOpen((o) => !o)}
            >
              {M.details}
            </Button>
          </div>
          <Text id={descriptionId} c="dimmed" className={classes.description}>
            {description}
          </Text>
          <div className={classes.footer}>
            <div id={notesId} className={classes.notes}>
              <Text size="sm" c="dimmed">
                {M.cardShows}
              </Text>
              {page.title !== title || page.price !== price ? (
                <Text size="sm" c="dimmed">
                  {M.pageShows(page.title, formatPrice(page.price))}
                </Text>
              ) : null}
            </div>
            <div className={classes.edit}>
              <WriteButton
                variant="light"
                size="compact-sm"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                {M.edit}
              </WriteButton>
            </div>
          </div>
        </div>
      </div>
      {editing ? <EditCardModal course={course} onClose={() => setEditing(false)} /> : null}
    </Paper>
  );
}
