import { IconCircleCheck } from '@tabler/icons-react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { useCompleteEnrollment } from '@/app/features/enrollments/api/complete-enrollment';

export function CompleteButton({ id }: { id: string }) {
  const complete = useCompleteEnrollment();
  return (
    <WriteButton
      size="xs"
      variant="light"
      leftSection={<IconCircleCheck size={14} />}
      loading={complete.isPending}
      onClick={() => complete.mutate(id)}
    >
      Mark as completed
    </WriteButton>
  );
}
