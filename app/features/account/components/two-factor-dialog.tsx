import { useEffect, useState } from "react";
import { useCopyFeedback } from "~/components/ui/use-copy-feedback";
import { useFetcher } from "react-router";
import { COPY_FEEDBACK_MS, type AccountActionData, type TwoFactorSetup } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { TWO_FACTOR_CODE_LENGTH, sanitizeTwoFactorCode } from "~/domain/account/security.schema";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, dangerButtonClass, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useFailureText } from "~/components/ui/refusal-text";

/** check -> setup -> verify -> success; when enabled: enabled -> disable -> setup. */
type Step = "setup" | "verify" | "success" | "enabled" | "disable";

function CodeInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  return (
    <label className="block text-sm font-medium">
      {t("account.auth.field.code")}
      <input
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        value={value}
        onChange={(e) => onChange(sanitizeTwoFactorCode(e.target.value))}
        aria-describedby="two-factor-code-help"
        className={`${inputClass} text-center font-mono text-2xl tracking-[0.5em]`}
      />
      <span id="two-factor-code-help" className="mt-1 block text-xs font-normal text-muted">
        {t("account.twoFactor.codeHelp", { length: TWO_FACTOR_CODE_LENGTH })}
      </span>
    </label>
  );
}

function PasswordInput({ autoFocus }: { autoFocus?: boolean }) {
  const t = useT();
  return (
    <label className="block text-sm font-medium">
      {t("account.auth.field.password")}
      <input
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        className={inputClass}
        autoFocus={autoFocus}
      />
    </label>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { copied, copy: copyText } = useCopyFeedback(COPY_FEEDBACK_MS);
  const t = useT();
  const copy = () => copyText(codes.join("\n"));

  return (
    <div className="mt-4">
      <h3 className="font-semibold">{t("account.twoFactor.backupCodes")}</h3>
      <p className="mt-1 text-sm text-muted">{t("account.twoFactor.backupCodesText", { count: codes.length })}</p>
      <ul aria-label={t("account.twoFactor.backupCodes")} className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-band p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" onClick={copy} className={`${secondaryButtonClass} mt-3`} aria-live="polite">
        {t(copied ? "account.twoFactor.copied" : "account.twoFactor.copy")}
      </button>
    </div>
  );
}

/** Two-factor sign-in with an authenticator app: activation and deactivation. */
export function TwoFactorDialog({ enabled, onClose }: { enabled: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>(enabled ? "enabled" : "setup");
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState("");
  const setupFetcher = useFetcher<ActionResult<AccountActionData>>();
  const verifyFetcher = useFetcher<ActionResult<AccountActionData>>();
  const disableFetcher = useFetcher<ActionResult<AccountActionData>>();
  const t = useT();
  const tm = useTranslateMessage();
  const failureText = useFailureText();

  // Each server answer moves the flow forward; failures stay on the step with their message.
  useEffect(() => {
    const data = setupFetcher.data;
    if (setupFetcher.state === "idle" && data?.ok && data.data.setup) {
      setSetup(data.data.setup);
      setCode("");
      setStep("verify");
    }
  }, [setupFetcher.state, setupFetcher.data]);
  useEffect(() => {
    if (verifyFetcher.state === "idle" && verifyFetcher.data?.ok) setStep("success");
  }, [verifyFetcher.state, verifyFetcher.data]);
  useEffect(() => {
    if (disableFetcher.state === "idle" && disableFetcher.data?.ok) {
      setSetup(null);
      setCode("");
      setStep("setup");
    }
  }, [disableFetcher.state, disableFetcher.data]);

  const errorOf = (f: typeof setupFetcher) => (f.state === "idle" && f.data && !f.data.ok ? failureText(f.data) : null);

  return (
    <Modal title={t("account.twoFactor.title")} onClose={onClose}>
      {step === "setup" && (
        <setupFetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="2fa-enable" />
          {disableFetcher.data?.ok && <FormMessage tone="success">{tm(disableFetcher.data.message ?? "")}</FormMessage>}
          <p className="text-sm text-muted">{t("account.twoFactor.intro")}</p>
          <p className="text-sm">
            <T k="account.twoFactor.statusOff" components={{ 0: <strong /> }} />
          </p>
          <PasswordInput autoFocus />
          {errorOf(setupFetcher) && <FormMessage tone="error">{errorOf(setupFetcher)}</FormMessage>}
          <button type="submit" disabled={setupFetcher.state !== "idle"} className={`${primaryButtonClass} w-full`}>
            {t(setupFetcher.state !== "idle" ? "account.twoFactor.configuring" : "account.twoFactor.configure")}
          </button>
        </setupFetcher.Form>
      )}

      {step === "verify" && setup && (
        <verifyFetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="2fa-verify" />
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
            <li>{t("account.twoFactor.step1")}</li>
            <li>{t("account.twoFactor.step2")}</li>
          </ol>
          <div
            role="img"
            aria-label={t("account.twoFactor.qrLabel")}
            className="mx-auto w-48 rounded-xl bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
            // Generated on our server by the qrcode library from the otpauth:// address.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div>
            <p className="text-sm font-medium">{t("account.twoFactor.manualKey")}</p>
            <p className="mt-1 break-all rounded-xl bg-band px-3 py-2 font-mono text-sm" data-testid="totp-secret">
              {setup.secret}
            </p>
          </div>
          <CodeInput value={code} onChange={setCode} />
          {errorOf(verifyFetcher) && <FormMessage tone="error">{errorOf(verifyFetcher)}</FormMessage>}
          <button
            type="submit"
            disabled={code.length !== TWO_FACTOR_CODE_LENGTH || verifyFetcher.state !== "idle"}
            className={`${primaryButtonClass} w-full`}
          >
            {t(verifyFetcher.state !== "idle" ? "account.twoFactor.verifying" : "account.twoFactor.verifyAndEnable")}
          </button>
        </verifyFetcher.Form>
      )}

      {step === "success" && (
        <div>
          <FormMessage tone="success">{t("account.twoFactor.enabledNotice")}</FormMessage>
          {setup && setup.backupCodes.length > 0 && <BackupCodes codes={setup.backupCodes} />}
          <button type="button" onClick={onClose} className={`${primaryButtonClass} mt-6 w-full`}>
            {t("account.twoFactor.finish")}
          </button>
        </div>
      )}

      {step === "enabled" && (
        <div className="space-y-4">
          <p className="text-sm">
            <T k="account.twoFactor.statusOn" components={{ 0: <strong className="text-success" /> }} />
          </p>
          <p className="text-sm text-muted">{t("account.twoFactor.enabledText")}</p>
          <button type="button" onClick={() => setStep("disable")} className={`${secondaryButtonClass} w-full`}>
            {t("account.twoFactor.disable")}
          </button>
        </div>
      )}

      {step === "disable" && (
        <disableFetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="2fa-disable" />
          <p className="font-medium">{t("account.twoFactor.disableQuestion")}</p>
          <PasswordInput autoFocus />
          <CodeInput value={code} onChange={setCode} />
          {errorOf(disableFetcher) && <FormMessage tone="error">{errorOf(disableFetcher)}</FormMessage>}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={code.length !== TWO_FACTOR_CODE_LENGTH || disableFetcher.state !== "idle"}
              className={dangerButtonClass}
            >
              {t(disableFetcher.state !== "idle" ? "account.twoFactor.disabling" : "account.twoFactor.confirmDisable")}
            </button>
            <button type="button" onClick={() => setStep("enabled")} className={secondaryButtonClass}>
              {t("account.cancel")}
            </button>
          </div>
        </disableFetcher.Form>
      )}
    </Modal>
  );
}
