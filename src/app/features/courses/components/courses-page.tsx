import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/app/components/ui/page-header';
import { WriteButton } from '@/app/components/ui/write-controls';
import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { AddCourseModal } from './add-course-modal';
import { CourseGrid } from './course-grid';

/** The course grid. The list comes from the post-login loader's cache. */
export function CoursesPage() {
  const courses = useQuery(coursesQuery);
  const [adding, addModal] = useDisclosure(false);

  return (
    <>
      <PageHeader title="Courses">
        <WriteButton onClick={addModal.open}>+ Add Course</WriteButton>
      </PageHeader>
      {courses.data ? (
        <CourseGrid courses={courses.data} />
      ) : courses.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The courses could not be loaded" maw={520}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button
              variant="light"
              color="red"
              size="xs"
              onClick={() => void courses.refetch()}
              loading={courses.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="lg" aria-busy="true" aria-label="Loading courses">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={340} radius="md" />
          ))}
        </SimpleGrid>
      )}
      <AddCourseModal opened={adding} onClose={addModal.close} />
    </>
  );
}
