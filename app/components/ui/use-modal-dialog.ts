import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Options = {
  /** Whether the dialog is shown; a dialog mounted only while open passes true. */
  open: boolean;
  /** Escape and a click on the backdrop ask to close: the owner sets `open` to false (or unmounts). */
  onClose: () => void;
  /** A selector inside the dialog that gets the focus on opening (else the browser's choice). */
  initialFocus?: string;
  /**
   * Where focus returns on closing. Without it, the element focused when the dialog opened (a
   * click does not focus a button in every browser, so a known opener is the safer choice).
   */
  returnFocusTo?: { readonly current: HTMLElement | null };
};

/**
 * The behaviour shared by the shop's modal dialogs (Modal, the cart drawer, the catalogue's
 * filter drawer), on a native <dialog> opened with showModal(): the page behind is inert;
 * Escape and a click on the backdrop call onClose; Tab and Shift+Tab cycle inside the dialog
 * (showModal alone lets Tab leave for the browser's own toolbar); focus returns to the opener
 * when the dialog closes or unmounts. Spread `dialogProps` on the <dialog>.
 */
export function useModalDialog({ open, onClose, initialFocus, returnFocusTo }: Options) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The latest options, read by the effects without reopening the dialog on every render.
  const latest = useRef({ onClose, initialFocus, returnFocusTo });
  latest.current = { onClose, initialFocus, returnFocusTo };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restoreFocus = () => {
      const target = latest.current.returnFocusTo?.current ?? opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    };
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const selector = latest.current.initialFocus;
      if (selector) dialog.querySelector<HTMLElement>(selector)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus();
    }
    // Unmounted while open (a Modal is mounted only while shown): close and give focus back.
    // The element is the one captured here: React has detached the ref by the time this runs.
    // Also runs when `open` turns false: the dialog closes here, the branch above finds it closed.
    return () => {
      if (!open) return;
      if (dialog.open) dialog.close();
      restoreFocus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return {
    dialogProps: {
      ref,
      "aria-modal": true as const,
      // Escape: the owner decides (the native close would leave its state saying open).
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        event.preventDefault();
        latest.current.onClose();
      },
      onKeyDown,
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) latest.current.onClose();
      },
    },
  };
}
