/**
 * Open/closed state of the single auth modal, shared by the header, the profile page and any
 * other "Se connecter" button: a tiny external store read with `useSyncExternalStore`.
 */
import { useSyncExternalStore } from "react";

export type AuthModalMode = "login" | "signup" | "forgot";

/** `continueTo`: where a successful sign-in or sign-up goes next ('Commander' continues to the checkout). */
export type AuthModalState = { open: boolean; mode: AuthModalMode; continueTo: string | null };

const CLOSED: AuthModalState = Object.freeze({ open: false, mode: "login", continueTo: null });

let state: AuthModalState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: AuthModalState) {
  if (next.open === state.open && next.mode === state.mode && next.continueTo === state.continueTo) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the modal on the login or the sign-up form (also switches an open modal, keeping where it continues). */
export function openAuthModal(mode: AuthModalMode, options: { continueTo?: string } = {}): void {
  setState({ open: true, mode, continueTo: options.continueTo ?? (state.open ? state.continueTo : null) });
}

export function closeAuthModal(): void {
  setState({ open: false, mode: state.mode, continueTo: null });
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}
