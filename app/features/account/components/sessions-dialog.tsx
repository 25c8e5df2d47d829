import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionResult } from "~/domain/account/account-actions";
import { deviceTypeLabel } from "~/domain/account/account-format";
import { FormMessage, dangerButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";

export type SessionView = {
  id: string;
  deviceType: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  /** Already formatted (fr-FR) by the loader. */
  createdAt: string;
  isCurrent: boolean;
};

type Pending = { kind: "one"; sessionId: string } | { kind: "others" } | null;

/** The signed-in devices; each can be ended after a confirmation, or all the others at once. */
export function SessionsDialog({ sessions, onClose }: { sessions: SessionView[]; onClose: () => void }) {
  const fetcher = useFetcher<AccountActionResult>();
  const [confirming, setConfirming] = useState<Pending>(null);
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const hasOthers = sessions.some((s) => !s.isCurrent);

  useEffect(() => {
    if (result?.ok) setConfirming(null);
  }, [result]);

  /** Closes the confirmation and puts the focus back on the button that asked for it. */
  function cancel(triggerId: string) {
    setConfirming(null);
    requestAnimationFrame(() => document.getElementById(triggerId)?.focus());
  }

  const confirmBar = (question: string, fields: Record<string, string>, triggerId: string) => (
    <div role="group" aria-label="Confirmation" className="mt-3 rounded-xl bg-band p-3">
      <p className="text-sm font-medium">{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" disabled={busy} className={dangerButtonClass} autoFocus>
            {busy ? "En cours..." : "Confirmer"}
          </button>
        </fetcher.Form>
        <button type="button" onClick={() => cancel(triggerId)} className={secondaryButtonClass}>
          Annuler
        </button>
      </div>
    </div>
  );

  return (
    <Modal title="Sessions actives" onClose={onClose}>
      {sessions.length === 0 ? (
        <p className="rounded-xl bg-cream px-4 py-8 text-center text-muted">Aucune session active</p>
      ) : (
        <ul aria-label="Sessions actives" className="space-y-3">
          {sessions.map((s) => {
            const device = `${deviceTypeLabel(s.deviceType)} · ${s.browser} · ${s.os}`;
            const isConfirming = confirming?.kind === "one" && confirming.sessionId === s.id;
            return (
              <li key={s.id} className={`rounded-xl border p-4 ${s.isCurrent ? "border-accent" : "border-line"}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {device}
                      {s.isCurrent && (
                        <span className="ml-2 inline-block rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                          Session actuelle
                        </span>
                      )}
                    </p>
                    <p className="mt-1 text-sm text-muted">Adresse IP : {s.ipAddress ?? "Inconnue"}</p>
                    <p className="text-sm text-muted">Début de session : {s.createdAt}</p>
                  </div>
                  {!isConfirming && (
                    <button
                      type="button"
                      id={`terminate-${s.id}`}
                      onClick={() => setConfirming({ kind: "one", sessionId: s.id })}
                      className={secondaryButtonClass}
                      aria-label={`Terminer la session ${device}${s.isCurrent ? " (session actuelle)" : ""}`}
                    >
                      Terminer
                    </button>
                  )}
                </div>
                {isConfirming &&
                  confirmBar(
                    s.isCurrent
                      ? "Terminer la session actuelle ? Vous serez déconnecté de cet appareil."
                      : "Terminer cette session ? L'appareil sera déconnecté.",
                    { intent: "revoke-session", sessionId: s.id },
                    `terminate-${s.id}`,
                  )}
              </li>
            );
          })}
        </ul>
      )}
      {hasOthers && (
        <div className="mt-4">
          {confirming?.kind === "others" ? (
            confirmBar(
              "Terminer toutes les autres sessions ? Ces appareils seront déconnectés.",
              { intent: "revoke-other-sessions" },
              "terminate-others",
            )
          ) : (
            <button
              type="button"
              id="terminate-others"
              onClick={() => setConfirming({ kind: "others" })}
              className={`${secondaryButtonClass} w-full`}
            >
              Terminer toutes les autres sessions
            </button>
          )}
        </div>
      )}
      <div className="mt-4" aria-live="polite">
        {result && <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage>}
      </div>
    </Modal>
  );
}
