/** The heading of an account tab, shared by the tabs of several features. */
export function TabHeading({ children }: { children: React.ReactNode }) {
  return <h2 className="font-display text-2xl sm:text-3xl">{children}</h2>;
}
