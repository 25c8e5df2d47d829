import { createContext, useContext, type ReactNode } from "react";
import { SHOP_TIME_ZONE } from "~/lib/paris-time";

/**
 * The zone dates are shown in (docs/decisions/043-preferences-that-take-effect.md): the one a
 * signed-in shopper chose in Préférences, given by the root loader; Paris for everyone else.
 */
const TimeZoneContext = createContext<string>(SHOP_TIME_ZONE);

export function TimeZoneProvider({ value, children }: { value: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={value}>{children}</TimeZoneContext.Provider>;
}

/** The zone to pass to the formatters of ~/lib/paris-time. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
