import { useId } from "react";
import type { LabelFormat } from "~/domain/delivery/carrier";
import { LABEL_FORMAT_CHOICES } from "./shipment-api";

/**
 * 'Format de l'étiquette': native radios in a fieldset, so the arrow keys move between them and
 * a screen reader names the group with its legend. Shared by the dialog and the day's batch.
 */
export function LabelFormatChoice({
  value,
  onChange,
  disabled = false,
  className = "",
}: {
  value: LabelFormat;
  onChange: (format: LabelFormat) => void;
  disabled?: boolean;
  className?: string;
}) {
  // One radio group per instance: the dialog and the toolbar may be on the page together.
  const name = `label-format-${useId()}`;
  return (
    <fieldset className={`min-w-0 ${className}`.trim()} disabled={disabled}>
      <legend className="text-sm font-medium">Format de l'étiquette</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {LABEL_FORMAT_CHOICES.map((choice) => (
          <label key={choice.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="h-5 w-5 shrink-0"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
