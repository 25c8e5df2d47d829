import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { deviceTypeLabel } from "~/domain/account/account-format";
import { FormMessage, dangerButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useTimeZone } from "~/components/ui/time-zone";
import { localizedFormat } from "~/domain/i18n/localized-format";

export type SessionView = {
  id: string;
  deviceType: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  /** ISO instant, written in the page's language and the shopper's time zone. */
  createdAt: string;
  isCurrent: boolean;
};

type Pending = { kind: "one"; sessionId: string } | { kind: "others" } | null;

/** The signed-in devices; each can be ended after a confirmation, or all the others at once. */
export function SessionsDialog({ sessions, onClose }: { sessions: SessionView[]; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [confirming, setConfirming] = useState<Pending>(null);
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const hasOthers = sessions.some((s) => !s.isCurrent);
  const t = useT();
  const tm = useTranslateMessage();
  const format = localizedFormat(useLanguage(), useTimeZone());

  useEffect(() => {
    if (result?.ok) setConfirming(null);
  }, [result]);

  /** Closes the confirmation and puts the focus back on the button that asked for it. */
  function cancel(triggerId: string) {
    setConfirming(null);
    requestAnimationFrame(() => document.getElementById(triggerId)?.focus());
  }

  const confirmBar = (question: string, fields: Record<string, string>, triggerId: string) => (
    <div role="group" aria-label={t("account.sessions.confirmation")} className="mt-3 rounded-xl bg-band p-3">
      <p className="text-sm font-medium">{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" disabled={busy} className={dangerButtonClass} autoFocus>
            {t(busy ? "account.inProgress" : "account.confirm")}
          </button>
        </fetcher.Form>
        <button type="button" onClick={() => cancel(triggerId)} className={secondaryButtonClass}>
          {t("account.cancel")}
        </button>
      </div>
    </div>
  );

  return (
    <Modal title={t("account.sessions.title")} onClose={onClose}>
      {sessions.length === 0 ? (
        <p className="rounded-xl bg-cream px-4 py-8 text-center text-muted">{t("account.sessions.none")}</p>
      ) : (
        <ul aria-label={t("account.sessions.title")} className="space-y-3">
          {sessions.map((s) => {
            const device = `${tm(deviceTypeLabel(s.deviceType))} · ${tm(s.browser)} · ${tm(s.os)}`;
            const isConfirming = confirming?.kind === "one" && confirming.sessionId === s.id;
            return (
              <li key={s.id} className={`rounded-xl border p-4 ${s.isCurrent ? "border-accent" : "border-line"}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {device}
                      {s.isCurrent && (
                        <span className="ml-2 inline-block rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                          {t("account.sessions.current")}
                        </span>
                      )}
                    </p>
                    <p className="mt-1 text-sm text-muted">
                      {t("account.sessions.ip", { ip: s.ipAddress ?? t("account.sessions.unknownIp") })}
                    </p>
                    <p className="text-sm text-muted">{t("account.sessions.started", { date: format.dateTime(s.createdAt) })}</p>
                  </div>
                  {!isConfirming && (
                    <button
                      type="button"
                      id={`terminate-${s.id}`}
                      onClick={() => setConfirming({ kind: "one", sessionId: s.id })}
                      className={secondaryButtonClass}
                      aria-label={t(s.isCurrent ? "account.sessions.endCurrentLabel" : "account.sessions.endLabel", { device })}
                    >
                      {t("account.sessions.end")}
                    </button>
                  )}
                </div>
                {isConfirming &&
                  confirmBar(
                    t(s.isCurrent ? "account.sessions.endCurrentQuestion" : "account.sessions.endQuestion"),
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
            confirmBar(t("account.sessions.endOthersQuestion"), { intent: "revoke-other-sessions" }, "terminate-others")
          ) : (
            <button
              type="button"
              id="terminate-others"
              onClick={() => setConfirming({ kind: "others" })}
              className={`${secondaryButtonClass} w-full`}
            >
              {t("account.sessions.endOthers")}
            </button>
          )}
        </div>
      )}
      <div className="mt-4" aria-live="polite">
        {result && <FormMessage tone={result.ok ? "success" : "error"}>{tm(result.message ?? "")}</FormMessage>}
      </div>
    </Modal>
  );
}
