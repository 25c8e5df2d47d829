import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGE_UPLOAD_URL,
  type UploadedProductImage,
} from "~/domain/catalog/admin-product-form.schema";
import { readJsonApi } from "~/lib/json-api";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Sends one image to the upload endpoint with XMLHttpRequest (fetch reports no upload
 * progress). The body is the file itself; the server judges it by its bytes.
 */
function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return Promise.resolve({ ok: false, message: IMAGE_TOO_LARGE_MESSAGE });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", PRODUCT_IMAGE_UPLOAD_URL);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const answer = readJsonApi<UploadedProductImage>(xhr.status, xhr.response);
      if (xhr.status === 201 && answer.ok && answer.data?.url) resolve({ ok: true, url: answer.data.url });
      else resolve({ ok: false, message: (!answer.ok && answer.message) || ACCOUNT_MESSAGES.somethingWentWrong });
    };
    xhr.onerror = () => resolve({ ok: false, message: ACCOUNT_MESSAGES.somethingWentWrong });
    xhr.send(file);
  });
}

/** Asks the server to drop uploads the form will not save (it keeps any a product uses). */
export function discardUploads(urls: Iterable<string>) {
  for (const url of urls) {
    void fetch(`${PRODUCT_IMAGE_UPLOAD_URL}?url=${encodeURIComponent(url)}`, { method: "DELETE" }).catch(() => {});
  }
}

/** A file picker that uploads each chosen image with a progress bar and reports its URL. */
export function UploadButton({
  label,
  multiple = false,
  onUploaded,
}: {
  label: string;
  multiple?: boolean;
  onUploaded: (url: string) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = `upload-${label.replace(/\W+/g, "-")}`;

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(null);
    for (const file of Array.from(files)) {
      setProgress(0);
      const result = await uploadImage(file, setProgress);
      if (result.ok) onUploaded(result.url);
      else setError(result.message);
    }
    setProgress(null);
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <input
        id={id}
        type="file"
        accept={PRODUCT_IMAGE_TYPES.join(",")}
        multiple={multiple}
        disabled={progress !== null}
        onChange={(e) => {
          const input = e.currentTarget;
          void upload(input.files).finally(() => {
            input.value = "";
          });
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={buttonClass({
          size: "sm",
          className: "cursor-pointer bg-white text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-accent",
        })}
      >
        {label}
      </label>
      {progress !== null ? (
        <div className="flex items-center gap-2 text-sm">
          <progress max={100} value={progress} aria-label="Téléversement de l'image" className="h-2 w-48" />
          <span aria-live="polite">{progress} %</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
