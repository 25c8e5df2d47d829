/**
 * How many free samples a shopper chooses per order, by tier, as the root loader sent them
 * (Paramètres, decision 067): the header, footer, home, about and Beauty Pass pages word their
 * promise with these numbers. Falls back to the defaults where no root data exists (tests, error pages).
 */
import { useRouteLoaderData } from "react-router";
import { DEFAULT_SAMPLE_ALLOWANCES, type SampleAllowances } from "~/domain/samples/sample-allowances";

export function useSampleAllowances(): SampleAllowances {
  const root = useRouteLoaderData("root") as { sampleAllowances?: SampleAllowances } | undefined;
  return root?.sampleAllowances ?? DEFAULT_SAMPLE_ALLOWANCES;
}
