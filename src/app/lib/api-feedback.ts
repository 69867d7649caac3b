import toast from 'react-hot-toast';
import { MESSAGES } from '@/shared/messages';
import { ApiError } from './api-client';

/**
 * The generic reply handling, in one place: an error reply with showMessage gets its message (or the fallback),
 * one without gets no toast; no reply at all and anything else get their fixed sentences.
 */
export function errorToastText(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MESSAGES.generic.noResponse;
    if (error.kind === 'http')
      return error.body?.showMessage ? error.body.message || MESSAGES.generic.errorFallback : null;
  }
  return MESSAGES.generic.unexpected;
}

export function showErrorToast(error: unknown) {
  const text = errorToastText(error);
  if (text) toast.error(text, { id: text });
}

/** A reply with showMessage and a message shows a success toast with that message. */
export function showSuccessToast(reply: unknown) {
  const r = reply as { showMessage?: boolean; message?: string } | null;
  if (r?.showMessage && r.message) toast.success(r.message);
}
