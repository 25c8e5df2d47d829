import { useId, type ReactNode } from "react";
import { useModalDialog } from "./use-modal-dialog";
import { useT } from "./i18n";

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog for long forms (the back-office product form). */
  wide?: boolean;
  /** Where focus returns on closing, when the opener may be gone or disabled by then. */
  returnFocusTo?: { readonly current: HTMLElement | null };
};

/**
 * A modal dialog, mounted while open. The native modal <dialog> makes the rest of the page
 * inert and announces itself as a dialog; Escape, the close button and a click on the backdrop
 * close it; Tab stays inside; focus goes back to the button that opened it. The first field
 * marked `data-autofocus` gets the focus, else the first focusable element.
 */
export function Modal({ title, onClose, children, wide = false, returnFocusTo }: ModalProps) {
  const titleId = useId();
  const t = useT();
  const { dialogProps } = useModalDialog({ open: true, onClose, initialFocus: "[data-autofocus]", returnFocusTo });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-3xl" : "max-w-lg"} rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50`}
    >
      <div className="max-h-[85vh] overflow-y-auto p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("account.modal.close")}
            className="-mr-2 -mt-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-muted hover:bg-band hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
