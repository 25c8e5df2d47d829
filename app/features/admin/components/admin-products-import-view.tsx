import { CATALOG_CSV_MAX_BYTES, CATALOG_ZIP_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { IMPORT_ACTION_LABELS, type ImportLineAction } from "~/domain/catalog/catalog-csv";
import {
  IMPORT_STREAM_PATH,
  importProgressText,
  type CatalogImportOutcome,
  type ImportProgressEvent,
} from "~/domain/catalog/catalog-import.schema";
import type { ActionResult } from "~/domain/http/action-result";
import { applyImportWithProgress } from "./import-progress-stream";

const ACTION_CLASS: Record<ImportLineAction, string> = {
  create: "bg-emerald-50 text-emerald-800",
  update: "bg-sky-50 text-sky-800",
  unchanged: "bg-band text-muted",
  refused: "bg-red-50 text-red-800",
};

/**
 * Importer: choose the CSV (and the ZIP of images it names), see what each line would do, then
 * apply. The files stay chosen in the form, so "Appliquer l'import" sends them again and the
 * server decides every line again before writing (docs/decisions/051-catalogue-import-export.md).
 * With JavaScript, applying goes to the progress stream and the bar follows the lines written;
 * without it, the form posts to the page's action and the bar stays indeterminate.
 */
/** The import's answer (decision 056): what the preview or the apply decided, or the refusal. */
type ImportResult = ActionResult<CatalogImportOutcome>;

export function AdminProductsImportView({ answer: actionAnswer }: { answer: ImportResult | null }) {
  const navigation = useNavigation();
  // The streamed apply: null before it, "sending" until its first progress event, then the lines.
  const [applying, setApplying] = useState<null | "sending" | ImportProgressEvent>(null);
  const [applied, setApplied] = useState<ImportResult | null>(null);
  const answer = applied ?? actionAnswer;
  const busy = navigation.state === "submitting" || applying !== null;
  const sending = applying !== null ? "apply" : busy ? navigation.formData?.get("intent") : null;
  const canApply = answer?.ok === true && answer.data.intent === "preview" && answer.data.counts.refused === 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // A new preview replaces whatever the last apply answered.
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "apply") return setApplied(null);
    event.preventDefault();
    const body = new FormData(event.currentTarget, submitter);
    setApplying("sending");
    const result = await applyImportWithProgress(IMPORT_STREAM_PATH, body, setApplying);
    setApplying(null);
    setApplied(result);
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/produits" className="text-sm text-muted underline">
          Retour à la Gestion des Produits
        </Link>
        <h1 className="mt-2 font-display text-3xl">Importer des produits</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Un fichier CSV au format de l'export (UTF-8 ou Windows-1252, séparateur « ; » ou « , »), une ligne par variante, les lignes d'un
          même produit regroupées par « Réf. produit ». Les images sont prises par nom de fichier dans le ZIP joint. L'import est appliqué
          en entier ou pas du tout.
        </p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-2xl border border-line bg-white p-6"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <label className="block text-sm font-medium">
            Fichier CSV ({megabytes(CATALOG_CSV_MAX_BYTES)} au maximum)
            <input name="csv" type="file" accept=".csv,text/csv" required className="mt-1 block w-full text-sm" />
          </label>
          <label className="block text-sm font-medium">
            Images (ZIP, facultatif, {megabytes(CATALOG_ZIP_MAX_BYTES)} au maximum)
            <input name="images" type="file" accept=".zip,application/zip" className="mt-1 block w-full text-sm" />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
            Prévisualiser
          </Button>
          {canApply ? (
            <Button type="submit" name="intent" value="apply" variant="accent" disabled={busy}>
              Appliquer l'import
            </Button>
          ) : null}
        </div>
        {applying !== null && applying !== "sending" ? (
          <ImportProgress progress={applying} />
        ) : busy ? (
          <div role="status" className="space-y-1 text-sm">
            <progress className="h-2 w-full" aria-label={sending === "apply" ? "Import en cours" : "Analyse en cours"} />
            <p>{sending === "apply" ? "Envoi et vérification du fichier…" : "Envoi et analyse du fichier…"}</p>
          </div>
        ) : null}
      </Form>

      {answer ? <ImportAnswer answer={answer} /> : null}
    </div>
  );
}

/** The lines written so far, out of the file's: a determinate bar with its count in words. */
function ImportProgress({ progress }: { progress: ImportProgressEvent }) {
  const text = importProgressText(progress);
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="space-y-1 text-sm">
      <div
        role="progressbar"
        aria-label="Import en cours"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-band"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="tabular-nums">
        {progress.phase === "images"
          ? `Traitement des images : ${text}`
          : progress.done < progress.total
            ? `Import en cours : ${text}`
            : `${text} écrites, finalisation…`}
      </p>
    </div>
  );
}

function ImportAnswer({ answer }: { answer: ImportResult }) {
  if (!answer.ok) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        {answer.message}
      </p>
    );
  }
  const { counts, applied, lines } = answer.data;
  const shown = lines.length;
  return (
    <section aria-labelledby="import-result" className="space-y-3">
      <h2 id="import-result" className="font-display text-2xl">
        {applied ? "Import appliqué" : "Aperçu de l'import"}
      </h2>
      <p role={applied || counts.refused === 0 ? "status" : "alert"}>{answer.message}</p>
      <ul className="flex flex-wrap gap-2 text-sm">
        <li className={`rounded-full px-3 py-1 ${ACTION_CLASS.create}`}>Création : {counts.create}</li>
        <li className={`rounded-full px-3 py-1 ${ACTION_CLASS.update}`}>Mise à jour : {counts.update}</li>
        <li className={`rounded-full px-3 py-1 ${ACTION_CLASS.unchanged}`}>Inchangé : {counts.unchanged}</li>
        <li className={`rounded-full px-3 py-1 ${ACTION_CLASS.refused}`}>Refusé : {counts.refused}</li>
      </ul>
      {applied ? (
        <p>
          <Link to="/admin/produits" className="underline">
            Voir les produits
          </Link>
        </p>
      ) : null}
      {shown < counts.lines ? (
        <p className="text-sm text-muted">{`${shown} lignes affichées sur ${counts.lines}, les refusées d'abord.`}</p>
      ) : null}
      <DataTable
        label="Aperçu ligne par ligne"
        stickyActions={false}
        head={
          <>
            <Th>Ligne</Th>
            <Th>Produit</Th>
            <Th>Variante</Th>
            <Th>SKU</Th>
            <Th>Résultat</Th>
            <Th>Motif</Th>
          </>
        }
      >
        {lines.map((line) => (
          <tr key={line.line}>
            <td className="px-4 py-2 tabular-nums">{line.line}</td>
            <td className="px-4 py-2">{line.product}</td>
            <td className="px-4 py-2">{line.variant}</td>
            <td className="px-4 py-2 font-mono text-xs">{line.sku}</td>
            <td className="px-4 py-2">
              <span className={`rounded-full px-2 py-0.5 text-xs ${ACTION_CLASS[line.action]}`}>{IMPORT_ACTION_LABELS[line.action]}</span>
            </td>
            <td className="px-4 py-2">{line.reasons.join(" ; ")}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
