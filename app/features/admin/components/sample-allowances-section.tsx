import { useFetcher } from "react-router";
import { FieldShell } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SampleAllowancesSchema } from "~/domain/samples/samples";
import { type SampleAllowances } from "~/domain/samples/sample-allowances";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";
import type { ActionResult } from "~/domain/http/action-result";

type Field = keyof SampleAllowances;

const FIELDS: { name: Field; label: string }[] = [
  { name: "base", label: "Chaque commande (Beauty Lover)" },
  { name: "expert", label: "Beauty Expert" },
  { name: "vip", label: "Beauty VIP" },
];

function errorsOf(form: HTMLFormElement): Partial<Record<Field, string>> {
  const data = new FormData(form);
  const parsed = SampleAllowancesSchema.safeParse({ base: data.get("base"), expert: data.get("expert"), vip: data.get("vip") });
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/**
 * Paramètres, "Échantillons offerts" (docs/decisions/067-samples.md): how many free samples a
 * shopper chooses at checkout, by Beauty Pass tier. The pages that promise them read these numbers.
 */
export function SampleAllowancesSection({ allowances }: { allowances: SampleAllowances }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<Field>(fetcher, { fallbackField: "base" });
  const busy = fetcher.state !== "idle";
  return (
    <SettingsSection
      id="settings-samples"
      title="Échantillons offerts"
      intro="Le nombre d'échantillons que le client choisit à la commande, selon son niveau Beauty Pass (de 0 à 10). Les échantillons et leur stock se gèrent dans Échantillons."
    >
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Échantillons offerts"
        className="space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={checkOnSubmit(errorsOf)}
      >
        <input type="hidden" name="intent" value="samples" />
        <div className="grid gap-5 sm:grid-cols-3">
          {FIELDS.map(({ name, label }) => {
            const id = `sample-allowance-${name}`;
            const error = errors[name];
            return (
              <FieldShell key={name} id={id} label={label} error={error}>
                <Input
                  id={id}
                  name={name}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={String(allowances[name])}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={() => touched(name)}
                  className="mt-1 w-full"
                />
              </FieldShell>
            );
          })}
        </div>
        <SettingsSubmitRow busy={busy} label="Enregistrer" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
