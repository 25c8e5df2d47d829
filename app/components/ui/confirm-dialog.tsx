import type { ComponentType, ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

type FormLike = ComponentType<{ method?: "post"; className?: string; children?: ReactNode }>;

/**
 * A confirmation before a destructive action: the question, an error if the last attempt was
 * refused, 'Annuler' (focused first, so Enter does not destroy) and the confirm button. The
 * confirm button submits `form` (usually a fetcher.Form) with the hidden `fields`.
 */
export function ConfirmDialog({
  title,
  onClose,
  form: FormComponent,
  fields,
  confirmLabel,
  busy = false,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  form: FormLike;
  fields: Record<string, string>;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <FormComponent method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button onClick={onClose} data-autofocus>
          Annuler
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {confirmLabel}
        </Button>
      </FormComponent>
    </Modal>
  );
}
