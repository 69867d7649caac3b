import { Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WriteButton } from '@/app/components/ui/write-controls';
import { zodValidate } from '@/app/lib/form';
import { codeBody, type CodeBody } from '@/shared/schemas/security';
import type { ReactNode } from 'react';

interface CodeFormProps {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => void;
  description?: ReactNode;
  /** A control beside the submit button (Cancel, Back to password). */
  aside?: ReactNode;
}

/** One code field (the app's six digits, or a recovery code) and its button; the code is sent as typed. */
export function CodeForm({ label, submitLabel, pending, onSubmit, description, aside }: CodeFormProps) {
  const form = useForm<CodeBody>({ initialValues: { code: '' }, validate: zodValidate(codeBody) });
  return (
    <form onSubmit={form.onSubmit((v) => onSubmit(v.code))} noValidate>
      <TextInput
        label={label}
        description={description}
        required
        autoComplete="one-time-code"
        spellCheck={false}
        maw={320}
        {...form.getInputProps('code')}
      />
      <Group mt="sm" gap="xs">
        <WriteButton type="submit" loading={pending}>
          {submitLabel}
        </WriteButton>
        {aside}
      </Group>
    </form>
  );
}
