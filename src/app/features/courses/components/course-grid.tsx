import { EmptyState, SimpleGrid } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useDeleteCourse } from '@/app/features/courses/api/delete-course';
import { deleteWithNotice } from '@/app/lib/confirm';
import { deleteShown, updatedAtVersion } from '@/app/lib/list-writes';
import { MESSAGES } from '@/shared/messages';
import type { Course } from '@/shared/schemas';
import { CourseCard } from './course-card';

export const NO_COURSES = 'No courses found.';

export function CourseGrid({ courses }: { courses: Course[] }) {
  const remove = useDeleteCourse();
  if (courses.length === 0) {
    return (
      <EmptyState
        icon={<IconBook2 />}
        withIndicatorBackground
        title={NO_COURSES}
        description='Add your first course with "+ Add Course".'
        py="xl"
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="lg">
      {courses.map((course) => (
        <CourseCard
          key={course._id}
          course={course}
          deleting={remove.isPending && remove.variables?.id === course._id}
          onDelete={() =>
            void deleteWithNotice(
              () =>
                deleteShown(
                  (version) => remove.mutateAsync({ id: course._id, version }),
                  updatedAtVersion(course),
                  updatedAtVersion,
                ),
              MESSAGES.deleted.course,
            )
          }
        />
      ))}
    </SimpleGrid>
  );
}
