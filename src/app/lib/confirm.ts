import { onlineManager } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MESSAGES } from '@/shared/messages';
import classes from './confirm.module.css';
import { OFFLINE_WRITE_REASON } from './online';
import type { SweetAlertIcon, SweetAlertOptions } from 'sweetalert2';

/** Mantine's look (confirm.module.css): its variables follow the colour scheme on the page, in both themes. */
const base = (tone: 'danger' | 'primary') => ({
  reverseButtons: true,
  focusCancel: true,
  buttonsStyling: false,
  customClass: {
    popup: classes.popup,
    title: classes.title,
    htmlContainer: classes.text,
    actions: classes.actions,
    confirmButton: `${classes.button} ${classes[tone]}`,
    cancelButton: `${classes.button} ${classes.cancel}`,
  },
});

/** sweetalert2 loads with the first dialog, not with the screen (the service worker precaches it for offline). */
async function fire(options: SweetAlertOptions) {
  const { default: Swal } = await import('sweetalert2');
  return Swal.fire(options);
}

/** The one confirm dialog. Resolves true only when the person confirms. */
export async function confirmDialog(opts: {
  title: string;
  text: string;
  confirmText: string;
  cancelText?: string;
  icon?: SweetAlertIcon;
}) {
  const result = await fire({
    ...base('danger'),
    title: opts.title,
    text: opts.text,
    icon: opts.icon ?? 'warning',
    showCancelButton: true,
    confirmButtonText: opts.confirmText,
    cancelButtonText: opts.cancelText ?? MESSAGES.confirmDelete.cancel,
  });
  return result.isConfirmed;
}

/**
 * The confirm dialog in front of a write. The write button was enabled when clicked, but the network
 * may go while the dialog is open: then the confirmation says why nothing happens, and nothing is sent.
 */
export async function confirmWrite(opts: Parameters<typeof confirmDialog>[0]) {
  if (!(await confirmDialog(opts))) return false;
  if (onlineManager.isOnline()) return true;
  toast.error(OFFLINE_WRITE_REASON, { id: OFFLINE_WRITE_REASON });
  return false;
}

/** "Are you sure?" / "You won't be able to revert this!" / "Yes, delete it!": the one question before every delete. */
export const confirmDelete = () =>
  confirmWrite({
    title: MESSAGES.confirmDelete.title,
    text: MESSAGES.confirmDelete.text,
    confirmText: MESSAGES.confirmDelete.confirm,
  });

/** The deletion notices (title / text) of MESSAGES. */
export function notify(title: string, text: string, icon: SweetAlertIcon) {
  return fire({
    ...base('primary'),
    title,
    text,
    icon,
    timer: icon === 'success' ? 2500 : undefined,
  });
}

/**
 * Runs a confirmed delete and shows the spec's notice for success or failure. A run that resolves false did
 * not delete (the admin kept a record that changed meanwhile, list-writes' deleteShown): no notice.
 */
export async function deleteWithNotice(
  run: () => Promise<unknown>,
  notice: { title?: string; text: string; failTitle?: string; failText?: string },
) {
  if (!(await confirmDelete())) return false;
  try {
    if ((await run()) === false) return false;
  } catch (err) {
    console.error(err);
    if (notice.failText) void notify(notice.failTitle ?? 'Error!', notice.failText, 'error');
    return false;
  }
  void notify(notice.title ?? 'Deleted!', notice.text, 'success');
  return true;
}
