import { useCallback, useState } from "react";
import { UNKNOWN, deviceTypeLabel } from "~/domain/account/account-format";
import { ChangePasswordDialog } from "./change-password-dialog";
import { SecurityReportDialog } from "./security-report-dialog";
import { SessionsDialog, type SessionView } from "./sessions-dialog";
import { TabHeading } from "~/components/ui/tab-heading";
import { TwoFactorDialog } from "./two-factor-dialog";

export type LoginHistoryView = {
  id: string;
  /** Already formatted (fr-FR) by the loader. */
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

  const tiles: { id: DialogId; title: string; text: string }[] = [
    { id: "password", title: "Changer le mot de passe", text: "Modifiez régulièrement votre mot de passe." },
    {
      id: "sessions",
      title: "Sessions actives",
      text: `${sessions.length} appareil${sessions.length > 1 ? "s" : ""} connecté${sessions.length > 1 ? "s" : ""}`,
    },
    {
      id: "two-factor",
      title: "Authentification à deux facteurs",
      text: twoFactorEnabled ? "Activée" : "Désactivée",
    },
    { id: "report", title: "Signaler un problème de sécurité", text: "Activité suspecte, appareil inconnu..." },
  ];

  return (
    <div>
      <TabHeading>Sécurité du Compte</TabHeading>
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
  return (
    <section aria-labelledby="login-history-title" className="mt-10">
      <h3 id="login-history-title" className="font-display text-xl">
        Historique de connexion
      </h3>
      {history.length === 0 ? (
        <p className="mt-4 rounded-xl bg-cream px-4 py-8 text-center text-muted">Aucun historique disponible</p>
      ) : (
        <div
          className="mt-4 overflow-x-auto rounded-2xl border border-line"
          tabIndex={0}
          role="region"
          aria-label="Historique de connexion (tableau)"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Les 20 dernières connexions à votre compte</caption>
            <thead className="bg-cream text-muted">
              <tr>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Statut
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Appareil
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Navigateur
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Système
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Adresse IP
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Ville
                </th>
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  Pays
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {history.map((row) => (
                <tr key={row.id}>
                  <td className="whitespace-nowrap px-4 py-3">{row.createdAt}</td>
                  <td className={`px-4 py-3 font-semibold ${row.successful ? "text-success" : "text-danger"}`}>
                    {row.successful ? "Réussie" : "Échouée"}
                  </td>
                  <td className="px-4 py-3">{deviceTypeLabel(row.deviceType)}</td>
                  <td className="px-4 py-3">{row.browser || UNKNOWN}</td>
                  <td className="px-4 py-3">{row.os || UNKNOWN}</td>
                  <td className="px-4 py-3">{row.ipAddress || UNKNOWN}</td>
                  <td className="px-4 py-3">{row.city || UNKNOWN}</td>
                  <td className="px-4 py-3">{row.country || UNKNOWN}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
