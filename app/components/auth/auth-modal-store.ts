/**
 * Open/closed state of the single auth modal, shared by the header, the profile page and any
 * other "Se connecter" button: a tiny external store read with `useSyncExternalStore`.
 */
import { useSyncExternalStore } from "react";

export type AuthModalMode = "login" | "signup";

export type AuthModalState = { open: boolean; mode: AuthModalMode };

const CLOSED: AuthModalState = Object.freeze({ open: false, mode: "login" });

let state: AuthModalState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: AuthModalState) {
  if (next.open === state.open && next.mode === state.mode) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the modal on the login or the sign-up form (also switches an open modal). */
export function openAuthModal(mode: AuthModalMode): void {
  setState({ open: true, mode });
}

export function closeAuthModal(): void {
  setState({ open: false, mode: state.mode });
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}
