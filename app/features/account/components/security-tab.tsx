import { useCallback, useState } from "react";
import { UNKNOWN, deviceTypeLabel } from "~/domain/account/account-format";
import { ChangePasswordDialog } from "./change-password-dialog";
import { SecurityReportDialog } from "./security-report-dialog";
import { SessionsDialog, type SessionView } from "./sessions-dialog";
import { TabHeading } from "~/components/ui/tab-heading";
import { TwoFactorDialog } from "./two-factor-dialog";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useTimeZone } from "~/components/ui/time-zone";
import { localizedFormat } from "~/domain/i18n/localized-format";

export type LoginHistoryView = {
  id: string;
  /** ISO instant, written in the page's language and the shopper's time zone. */
  createdAt: string;
  successful: boolean;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  city: string | null;
  country: string | null;
};

type DialogId = "password" | "sessions" | "two-factor" | "report";

type SecurityTabProps = {
  email: string;
  twoFactorEnabled: boolean;
  sessions: SessionView[];
  history: LoginHistoryView[];
};

/** Sécurité du Compte: four tiles opening their dialogs, then the recent sign-ins. */
export function SecurityTab({ email, twoFactorEnabled, sessions, history }: SecurityTabProps) {
  const [open, setOpen] = useState<DialogId | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const t = useT();

  const tiles: { id: DialogId; title: string; text: string }[] = [
    { id: "password", title: t("account.security.changePassword"), text: t("account.security.changePasswordText") },
    {
      id: "sessions",
      title: t("account.sessions.title"),
      text: t("account.security.devices", { count: sessions.length }),
    },
    {
      id: "two-factor",
      title: t("account.twoFactor.title"),
      text: t(twoFactorEnabled ? "account.security.on" : "account.security.off"),
    },
    { id: "report", title: t("account.security.report"), text: t("account.security.reportText") },
  ];

  return (
    <div>
      <TabHeading>{t("account.security.title")}</TabHeading>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <button
              type="button"
              onClick={() => setOpen(tile.id)}
              aria-haspopup="dialog"
              className="flex h-full min-h-24 w-full flex-col items-start rounded-2xl border border-line bg-white p-5 text-left hover:border-accent"
            >
              <span className="font-semibold">{tile.title}</span>
              <span className="mt-1 text-sm text-muted">{tile.text}</span>
            </button>
          </li>
        ))}
      </ul>

      <LoginHistory history={history} />

      {open === "password" && <ChangePasswordDialog onClose={close} />}
      {open === "sessions" && <SessionsDialog sessions={sessions} onClose={close} />}
      {open === "two-factor" && <TwoFactorDialog enabled={twoFactorEnabled} onClose={close} />}
      {open === "report" && <SecurityReportDialog email={email} onClose={close} />}
    </div>
  );
}

function LoginHistory({ history }: { history: LoginHistoryView[] }) {
  const t = useT();
  const tm = useTranslateMessage();
  const format = localizedFormat(useLanguage(), useTimeZone());
  const unknown = tm(UNKNOWN);
  return (
    <section aria-labelledby="login-history-title" className="mt-10">
      <h3 id="login-history-title" className="font-display text-xl">
        {t("account.history.title")}
      </h3>
      {history.length === 0 ? (
        <p className="mt-4 rounded-xl bg-cream px-4 py-8 text-center text-muted">{t("account.history.none")}</p>
      ) : (
        <div
          className="mt-4 overflow-x-auto rounded-2xl border border-line"
          tabIndex={0}
          role="region"
          aria-label={t("account.history.tableLabel")}
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{t("account.history.caption")}</caption>
            <thead className="bg-cream text-muted">
              <tr>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.date")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.status")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.device")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.browser")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.os")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.ip")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.city")}
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {t("account.history.country")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {history.map((row) => (
                <tr key={row.id}>
                  <td className="whitespace-nowrap px-4 py-3">{format.dateTime(row.createdAt)}</td>
                  <td className={`px-4 py-3 font-semibold ${row.successful ? "text-success" : "text-danger"}`}>
                    {t(row.successful ? "account.history.succeeded" : "account.history.failed")}
                  </td>
                  <td className="px-4 py-3">{tm(deviceTypeLabel(row.deviceType))}</td>
                  <td className="px-4 py-3">{row.browser || unknown}</td>
                  <td className="px-4 py-3">{row.os || unknown}</td>
                  <td className="px-4 py-3">{row.ipAddress || unknown}</td>
                  <td className="px-4 py-3">{row.city || unknown}</td>
                  <td className="px-4 py-3">{row.country || unknown}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
