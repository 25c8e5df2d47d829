import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { failureFieldErrors, type ActionFailure, type ActionResult } from "~/domain/http/action-result";

/**
 * The pieces every Paramètres section shares: the titled section, the form's state (errors per
 * field, the "saved" line, the server's answer, the browser's check with the action's schema) and
 * the submit row. Each section keeps its own fields.
 */

export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="max-w-3xl space-y-6">
      <h2 id={id} className="font-display text-2xl">
        {title}
      </h2>
      {intro && <p className="text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** What a section says to a role that may read it but not change it. */
export const READ_ONLY_SECTION_MESSAGE = "Lecture seule : votre rôle permet de consulter cette section, pas de la modifier.";

/**
 * A section the role may only read (decision 066): a disabled fieldset disables every control and
 * button of its forms at once, for the keyboard and screen readers too, and the line above says
 * why. An editable section is left as it is.
 */
export function SettingsAccess({ editable, children }: { editable: boolean; children: ReactNode }) {
  const id = useId();
  if (editable) return <>{children}</>;
  return (
    <fieldset disabled aria-describedby={id} className="m-0 min-w-0 space-y-3 border-0 p-0">
      <p id={id} className="max-w-3xl rounded-lg bg-band px-4 py-2 text-sm text-muted">
        {READ_ONLY_SECTION_MESSAGE}
      </p>
      {children}
    </fieldset>
  );
}

export type SettingsFormState<Field extends string> = {
  errors: Partial<Record<Field, string>>;
  saved: string | null;
  /** A field changed: its error and the "saved" line go. */
  touched(name: Field): void;
  /** The form's onSubmit: `check` gives the browser's errors; with any, nothing is sent and the first invalid field gets the focus. */
  checkOnSubmit(check: (form: HTMLFormElement) => Partial<Record<Field, string>>): (event: FormEvent<HTMLFormElement>) => void;
};

/** A section form's state, following its fetcher's answers; `initial` is an answer the page already holds. */
export function useSettingsForm<Field extends string>(
  fetcher: { state: string; data?: ActionResult<unknown> },
  options: { initial?: ActionResult<unknown>; fallbackField?: Field } = {},
): SettingsFormState<Field> {
  const { initial, fallbackField } = options;
  // A refusal about no field shows its message on `fallbackField`: never a refusal without a word.
  const errorsOf = (result: ActionFailure): Partial<Record<Field, string>> => {
    const fields = failureFieldErrors(result) as Partial<Record<Field, string>>;
    return Object.keys(fields).length === 0 && fallbackField
      ? ({ [fallbackField]: result.message } as Partial<Record<Field, string>>)
      : fields;
  };
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initial && !initial.ok ? errorsOf(initial) : {});
  const [saved, setSaved] = useState<string | null>(initial?.ok ? (initial.message ?? null) : null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      setErrors({});
      setSaved(result.message ?? null);
    },
    onFailure: (result) => {
      setErrors(errorsOf(result));
      setSaved(null);
    },
  });
  return {
    errors,
    saved,
    touched(name) {
      setSaved(null);
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    checkOnSubmit(check) {
      return (event) => {
        const found = check(event.currentTarget);
        if (Object.keys(found).length === 0) return;
        event.preventDefault();
        setErrors(found);
        setSaved(null);
        const form = event.currentTarget;
        const first = Object.keys(found)[0]!;
        // After React marks the fields invalid: the first one named, else the first marked.
        queueMicrotask(() => {
          const named = form.elements.namedItem(first);
          const target = named instanceof HTMLElement ? named : form.querySelector<HTMLElement>("[aria-invalid='true']");
          target?.focus();
        });
      };
    },
  };
}

/** "Enregistrer" (or the section's label) while idle, "Enregistrement..." while sending, and the "saved" line. */
export function SettingsSubmitRow({ busy, label = "Enregistrer", saved }: { busy: boolean; label?: string; saved: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Button type="submit" variant="ink" disabled={busy}>
        {busy ? "Enregistrement..." : label}
      </Button>
      <p role="status" className="text-sm font-semibold text-green-800">
        {saved}
      </p>
    </div>
  );
}
