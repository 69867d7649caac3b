import { PAYMENT_STATUSES, type PaymentStatus } from '@/shared/constants';
import type { Enrollment } from '@/shared/schemas';

export interface EditFormValues {
  paymentId: string;
  amountPaid: number | string;
  currency: string | null;
  paymentStatus: PaymentStatus;
  progress: number | string;
  completed: boolean;
  certificateIssued: boolean;
  isApproved: boolean;
  batchId: string | null;
}

export const editFormValues = (e: Enrollment): EditFormValues => ({
  paymentId: e.paymentId ?? '',
  amountPaid: e.amountPaid ?? '',
  currency: e.currency,
  paymentStatus: e.paymentStatus,
  progress: e.progress,
  completed: e.completed,
  certificateIssued: e.certificateIssued,
  isApproved: e.isApproved,
  batchId: e.batchId,
});

/**
 * The update body. Fields the enrollment never had and the admin left empty (amount paid, currency,
 * batch) are not sent, so opening and saving the form never invents a value.
 */
export const editFormBody = (v: EditFormValues): Record<string, unknown> => ({
  paymentId: v.paymentId.trim() || null,
  ...(v.amountPaid === '' ? {} : { amountPaid: v.amountPaid }),
  ...(v.currency ? { currency: v.currency } : {}),
  paymentStatus: v.paymentStatus,
  progress: v.progress,
  completed: v.completed,
  certificateIssued: v.certificateIssued,
  isApproved: v.isApproved,
  ...(v.batchId ? { batchId: v.batchId } : {}),
});

export const paymentStatusLabel = (s: PaymentStatus) => s[0]!.toUpperCase() + s.slice(1);
/** The form offers the statuses as the spec writes them: pending, completed, failed. */
export const paymentStatusOptions = PAYMENT_STATUSES.map((s) => ({ value: s, label: s }));
