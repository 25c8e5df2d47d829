/**
 * One value per name for the life of the process. The dev server re-evaluates modules when
 * their files change; a module-level `const` would then open a second database, LISTEN twice
 * or start a second worker. The registry lives on globalThis, the one place that survives those
 * reloads, under a registered symbol so that a reloaded copy of this module finds it too.
 * Nothing else in the app writes to globalThis.
 */
const REGISTRY = Symbol.for("aurore.remember");

type Holder = typeof globalThis & { [REGISTRY]?: Map<string, unknown> };

/** The value remembered under `name`, made by `make()` the first time it is asked for. */
export function remember<T>(name: string, make: () => T): T {
  const holder = globalThis as Holder;
  const values = (holder[REGISTRY] ??= new Map());
  if (values.has(name)) return values.get(name) as T;
  const value = make();
  values.set(name, value);
  return value;
}
