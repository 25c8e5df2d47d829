import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type SyntheticEvent } from "react";
import { closeAuthModal } from "~/features/auth/public/auth-modal-store";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The sign-in dialog's native modal <dialog>, opened and closed from the store: the rest of the
 * page is inert and does not scroll while it is open, focus moves to the form's first field, Tab
 * cycles inside, Escape / the backdrop close it through the store and focus goes back to the
 * control that opened it. `onClosed` runs once the dialog has closed, whichever way.
 */
export function useAuthDialog(open: boolean, onClosed: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const pointerDownOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>("form input:not([disabled])")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  function onClose() {
    // A close event can arrive after the modal was opened again: ignore it then.
    if (dialogRef.current?.open) return;
    closeAuthModal();
    onClosed();
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
      target.focus();
    }
  }

  /** Keeps Tab and Shift+Tab inside the dialog. */
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    if (focusables.length === 0) return;
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return {
    dialogRef,
    dialogProps: {
      ref: dialogRef,
      "aria-modal": "true" as const,
      onKeyDown,
      onClose,
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        // Escape: close through the store so every reader agrees.
        event.preventDefault();
        closeAuthModal();
      },
      onPointerDown: (event: PointerEvent<HTMLDialogElement>) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      },
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        // Clicks on the ::backdrop reach the <dialog> itself; the panel fills the dialog box.
        if (event.target === event.currentTarget && pointerDownOnBackdrop.current) closeAuthModal();
        pointerDownOnBackdrop.current = false;
      },
    },
  };
}
