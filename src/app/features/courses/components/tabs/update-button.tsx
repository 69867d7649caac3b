import { WriteButton } from '@/app/components/ui/write-controls';

/** The submit button of a tab's form: its label, or 'Updating...' while the save runs. */
export function UpdateButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <WriteButton type="submit" disabled={pending}>
      {pending ? 'Updating...' : label}
    </WriteButton>
  );
}
