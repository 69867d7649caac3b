import { Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBookOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { RecordHistory } from '@/app/components/ui/record-history';
import { BackLink } from '@/app/components/ui/record-page';
import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { DEFAULT_COURSE_TAB } from '@/app/features/courses/course-tabs';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import { CourseHero } from './course-hero';
import { CourseTabs } from './course-tabs';

const FROM = '/_authed/courses/$id';

/** The course detail editor. The course comes from the loaded list: Loading until it is found there. */
export function CourseDetailPage() {
  const { id } = useParams({ from: FROM });
  const { tab = DEFAULT_COURSE_TAB } = useSearch({ from: FROM });
  const navigate = useNavigate({ from: '/courses/$id' });
  const { data: courses, isFetching } = useQuery(coursesQuery);
  const course = courses?.find((c) => c._id === id);
  const { caughtUp } = useSyncState();

  // A course newer than the device copy comes with this start-up's first pull.
  if (!course)
    return courses && !isFetching && caughtUp ? (
      <Stack gap="lg">
        <CourseNotFound />
        <RecordHistory recordId={id} />
      </Stack>
    ) : (
      <CourseLoading />
    );
  return (
    <Stack gap="lg">
      <BackLink to="/courses">{MESSAGES.shell.backToCourses}</BackLink>
      <CourseHero course={course} />
      {/* Tabs replace the history entry: Back leaves the course instead of stepping through tabs. */}
      <CourseTabs
        course={course}
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
      />
      <RecordHistory recordId={course._id} />
    </Stack>
  );
}

function CourseLoading() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Loading</Text>
      </Stack>
    </Center>
  );
}

function CourseNotFound() {
  return (
    <EmptyState
      icon={<IconBookOff />}
      withIndicatorBackground
      title="Course not found"
      description="It may have been deleted. If it was added on another device, use Reload Data."
      py="xl"
    >
      <EmptyState.Actions>
        <Button
          renderRoot={(props) => <Link to="/courses" {...props} />}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
        >
          {MESSAGES.shell.backToCourses}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
