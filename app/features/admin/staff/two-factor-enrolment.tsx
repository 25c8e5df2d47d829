import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useCopyFeedback } from "~/components/ui/use-copy-feedback";
import { buttonClass } from "~/components/ui/button";
import { enableTwoFactor, verifyTotp } from "~/features/auth/public/auth-client";
import { TwoFactorCodeField, codeError } from "./two-factor-code-field";

type Setup = { secret: string; qrSvg: string; backupCodes: string[] };

const WRONG_PASSWORD_MESSAGE = "Mot de passe incorrect : saisissez celui de votre compte d'équipe.";
const COPIED_FEEDBACK_MS = 2500;

/**
 * The QR code of the authenticator's otpauth:// address, drawn in the browser by the qrcode
 * library (loaded only here): the secret never goes to an image service.
 */
async function drawQrCode(totpURI: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/**
 * Two-factor enrolment, required of every staff member before the back-office opens: the
 * password confirms it, the app scans the QR code (or takes the key typed in), the recovery
 * codes are saved, and the app's first code switches two-factor on; then `retour`.
 */
export function TwoFactorEnrolment({ email, retour }: { email: string; retour: string }) {
  const ids = useId();
  const [hydrated, setHydrated] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeErrorText, setCodeErrorText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const scanHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<"password" | "code" | "scan" | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === "scan") scanHeading.current?.focus();
    else if (target) {
      const field = target === "password" ? passwordRef.current : codeRef.current;
      field?.focus();
      field?.select();
    }
  });

  async function confirmPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setPasswordError("Saisissez votre mot de passe.");
      focusNext.current = "password";
      return;
    }
    setBusy(true);
    setPasswordError(null);
    const answer = await enableTwoFactor(password);
    if (!answer.ok) {
      setBusy(false);
      setPasswordError(answer.code === "INVALID_PASSWORD" ? WRONG_PASSWORD_MESSAGE : answer.message);
      focusNext.current = "password";
      return;
    }
    const { totpURI, backupCodes } = answer.data;
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    let qrSvg = "";
    try {
      qrSvg = await drawQrCode(totpURI);
    } catch {
      // Without the drawing, the key typed into the app does the same.
    }
    setBusy(false);
    setPassword("");
    setSetup({ secret, qrSvg, backupCodes });
    // The new step's heading takes the focus, so a screen reader starts reading there.
    focusNext.current = "scan";
  }

  async function finish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = codeError("totp", code);
    if (invalid) {
      setCodeErrorText(invalid);
      focusNext.current = "code";
      return;
    }
    setBusy(true);
    setCodeErrorText(null);
    const result = await verifyTotp(code);
    if (result.ok) {
      // Two-factor is on and the session was replaced: the back-office starts afresh under it.
      window.location.replace(retour);
      return;
    }
    setBusy(false);
    setCodeErrorText(result.message);
    focusNext.current = "code";
  }

  if (!setup) {
    return (
      <form noValidate method="post" onSubmit={confirmPassword} className="mt-4">
        <noscript>
          <p className="mb-4 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
            L&apos;activation de la double authentification a besoin de JavaScript : activez-le dans votre navigateur, puis rechargez la
            page.
          </p>
        </noscript>
        <div className="space-y-3 text-sm">
          <p>
            La double authentification est <strong>obligatoire</strong> pour l&apos;équipe de la boutique : à chaque connexion, en plus de
            votre mot de passe, vous saisirez le code à 6 chiffres qu&apos;affiche une application d&apos;authentification sur votre
            téléphone (Google Authenticator, Microsoft Authenticator, Aegis, 1Password…). Quelqu&apos;un qui connaîtrait votre mot de passe
            ne pourrait pas entrer sans votre téléphone.
          </p>
          <p className="break-words">
            Compte : <strong>{email}</strong>
          </p>
        </div>
        {/* Disabled until hydrated: a submit before that would post the password to the page itself. */}
        <fieldset disabled={!hydrated} className="mt-5 space-y-4">
          <div>
            <label htmlFor={`${ids}-password`} className="block text-sm font-semibold">
              Mot de passe
            </label>
            <p id={`${ids}-password-hint`} className="mt-1 text-sm text-muted">
              Pour confirmer qu&apos;il s&apos;agit bien de vous.
            </p>
            <input
              ref={passwordRef}
              id={`${ids}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${ids}-password-hint ${ids}-password-error` : `${ids}-password-hint`}
              className={`mt-2 h-12 w-full rounded-lg border bg-white px-3 text-base text-ink focus:border-accent ${
                passwordError ? "border-danger" : "border-line"
              }`}
            />
            {passwordError ? (
              <p id={`${ids}-password-error`} role="alert" className="mt-1 text-sm text-danger">
                {passwordError}
              </p>
            ) : null}
          </div>
          <button type="submit" aria-disabled={busy || undefined} className={buttonClass({ variant: "accent", className: "w-full" })}>
            {busy ? "Préparation…" : "Commencer l'activation"}
          </button>
        </fieldset>
      </form>
    );
  }

  return (
    <div className="mt-4 space-y-6">
      <section aria-labelledby={`${ids}-scan`}>
        <h2 id={`${ids}-scan`} ref={scanHeading} tabIndex={-1} className="font-display text-xl">
          1. Ajoutez le compte à votre application
        </h2>
        <p className="mt-2 text-sm text-muted">
          Dans votre application d&apos;authentification, ajoutez un compte et scannez ce code QR, ou saisissez la clé de configuration
          écrite dessous.
        </p>
        {setup.qrSvg ? (
          <div
            role="img"
            aria-label="Code QR à scanner avec votre application d'authentification"
            className="mx-auto mt-4 w-48 max-w-full rounded-xl bg-white p-2 ring-1 ring-line [&>svg]:h-auto [&>svg]:w-full"
            // Drawn in this browser by the qrcode library from the otpauth:// address.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
        ) : null}
        <div className="mt-4">
          <label htmlFor={`${ids}-secret`} className="block text-sm font-semibold">
            Clé de configuration
          </label>
          <input
            id={`${ids}-secret`}
            readOnly
            value={setup.secret}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 h-11 w-full rounded-lg border border-line bg-band px-3 font-mono text-sm text-ink"
          />
        </div>
      </section>

      <RecoveryCodes ids={ids} codes={setup.backupCodes} />

      <form noValidate method="post" onSubmit={finish} aria-labelledby={`${ids}-finish`} className="space-y-4">
        <h2 id={`${ids}-finish`} className="font-display text-xl">
          3. Saisissez le code affiché
        </h2>
        <TwoFactorCodeField id={`${ids}-code`} kind="totp" value={code} onChange={setCode} error={codeErrorText} inputRef={codeRef} />
        <button type="submit" aria-disabled={busy || undefined} className={buttonClass({ variant: "accent", className: "w-full" })}>
          {busy ? "Vérification…" : "Activer la double authentification"}
        </button>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: listed, to copy or to download as a text file. */
function RecoveryCodes({ ids, codes }: { ids: string; codes: string[] }) {
  const { copied, copy: copyText } = useCopyFeedback(COPIED_FEEDBACK_MS);
  const copy = () => copyText(codes.join("\n"));

  function download() {
    const text = `Codes de secours Aurore (chacun ne sert qu'une fois)\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "aurore-codes-de-secours.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby={`${ids}-codes`}>
      <h2 id={`${ids}-codes`} className="font-display text-xl">
        2. Enregistrez vos codes de secours
      </h2>
      <p className="mt-2 text-sm text-muted">
        Sans votre téléphone, chacun de ces codes permet une connexion, une seule fois. Gardez-les en lieu sûr (un gestionnaire de mots de
        passe, par exemple) : ils ne seront plus affichés.
      </p>
      <ul aria-label="Codes de secours" className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-band p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={buttonClass({ variant: "outline", size: "sm" })}>
          {copied ? "Codes copiés" : "Copier les codes"}
        </button>
        <button type="button" onClick={download} className={buttonClass({ variant: "outline", size: "sm" })}>
          Télécharger les codes
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Codes de secours copiés dans le presse-papiers" : ""}
      </p>
    </section>
  );
}
