import { Textarea, type TextareaProps } from '@mantine/core';
import { TEXTAREA_MIN_ROWS } from '@/shared/constants';
import type { ComponentPropsWithoutRef } from 'react';

/** Every multi-line field: at least 4 rows, as every textarea of the app; the admin can drag it taller. */
export function LongTextInput(props: TextareaProps & Omit<ComponentPropsWithoutRef<'textarea'>, keyof TextareaProps>) {
  return <Textarea rows={TEXTAREA_MIN_ROWS} resize="vertical" {...props} />;
}
