import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "./button";
import { Input, Select } from "./input";

/**
 * The filters above a list, sent as a GET form so the state lives in the address. A select
 * applies at once; the search field waits for the submit button.
 */
export function FilterBar({
  label,
  search = true,
  submit = (
    <Button type="submit" variant="ink">
      Rechercher
    </Button>
  ),
  children,
}: {
  /** The form's accessible name ("Filtrer les produits"). */
  label: string;
  /** A search landmark (role=search); a bar of selects only is a plain named form. */
  search?: boolean;
  /** The submit control; a bar of selects only may hide it in <noscript>. */
  submit?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="get" role={search ? "search" : undefined} aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      {submit}
    </Form>
  );
}

const labelClass = "flex flex-col gap-1 text-sm font-semibold";

/** The free-text field of a FilterBar, labelled 'Rechercher'. */
export function FilterSearch({
  defaultValue,
  maxLength,
  placeholder,
  name = "search",
}: {
  defaultValue: string;
  maxLength: number;
  placeholder: string;
  name?: string;
}) {
  return (
    <label className={`${labelClass} min-w-64 flex-1`}>
      Rechercher
      <Input type="search" name={name} defaultValue={defaultValue} maxLength={maxLength} placeholder={placeholder} />
    </label>
  );
}

/** A select of a FilterBar: choosing an option submits the bar. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  children,
}: {
  label: string;
  name: string;
  defaultValue: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <label className={labelClass}>
      {label}
      <Select name={name} defaultValue={defaultValue} onChange={(event) => submit(event.currentTarget.form)}>
        {children}
      </Select>
    </label>
  );
}
