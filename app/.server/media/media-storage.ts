/**
 * Where uploaded media live: the local filesystem (DATA_DIR/uploads, the default) or an
 * S3-compatible bucket when S3_BUCKET is configured. Either way the shop serves them itself at
 * /media/uploads/<key>, so image URLs stay on our origin (the CSP allows only 'self') and do
 * not change if the storage does.
 *
 * Keys are produced by the shop only ("products/<timestamp>-<random>.webp", and "reviews/..." for
 * customers' review photos) and checked against
 * a strict pattern before any read, write or delete: a key cannot name anything outside the
 * uploads (no "..", no slash beyond the folder, no other extension).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { amzDate, sha256Hex, signV4, type SigV4Credentials } from "./s3-signature";
import { getEnv } from "../env";

export type StoredObject = { data: Uint8Array; contentType: string };

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Writes a new object; never replaces an existing one. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export const MEDIA_KEY_PATTERN = /^(products|reviews)\/\d{13}-[a-z0-9]{16}\.webp$/;
export const MEDIA_CACHE_CONTROL = "public, max-age=3600";
const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp" };

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

function assertKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
}

/** Files under <root>/<key>, written with O_EXCL (no overwrite) through a temporary name. */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = "local" as const;
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    assertKey(key);
    const file = path.resolve(this.root, key);
    // Belt and braces: the pattern already forbids it.
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error("Media key escapes the uploads folder");
    return file;
  }

  async put(key: string, data: Uint8Array, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, data, { flag: "wx" });
    try {
      // link fails if the name exists: no overwrite, and readers never see half a file.
      await fs.link(temp, file);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const data = await fs.readFile(this.fileOf(key));
      return { data, contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: SigV4Credentials;
  /** true: endpoint/bucket/key; false: bucket.endpoint/key. */
  pathStyle: boolean;
  fetch?: typeof fetch;
  now?: () => Date;
};

/** An S3-compatible bucket through plain fetch and SigV4 (PUT, GET, DELETE object). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = "s3" as const;
  constructor(private readonly config: S3Config) {}

  objectUrl(key: string): string {
    assertKey(key);
    const endpoint = new URL(this.config.endpoint);
    const base = endpoint.pathname.replace(/\/$/, "");
    if (this.config.pathStyle) return `${endpoint.origin}${base}/${this.config.bucket}/${key}`;
    return `${endpoint.protocol}//${this.config.bucket}.${endpoint.host}${base}/${key}`;
  }

  private async send(
    method: "PUT" | "GET" | "DELETE",
    key: string,
    body?: Uint8Array,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const url = this.objectUrl(key);
    const date = amzDate((this.config.now ?? (() => new Date()))());
    const payloadHash = sha256Hex(body ?? "");
    const headers: Record<string, string> = { ...extra, "x-amz-content-sha256": payloadHash, "x-amz-date": date };
    const signed = signV4({ method, url, headers, payloadHash }, this.config.credentials, {
      region: this.config.region,
      service: "s3",
      date,
    });
    const doFetch = this.config.fetch ?? fetch;
    return doFetch(url, {
      method,
      headers: { ...headers, authorization: signed.authorization },
      body: body ? Buffer.from(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send("PUT", key, data, { "content-type": contentType, "cache-control": MEDIA_CACHE_CONTROL });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send("GET", key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return { data: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get("content-type") ?? contentTypeOf(key) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send("DELETE", key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }
}

let storage: MediaStorage | undefined;

/** The configured storage (S3 when S3_BUCKET is set, else DATA_DIR/uploads). */
export function getMediaStorage(): MediaStorage {
  if (storage) return storage;
  const env = getEnv();
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    storage = new S3MediaStorage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      pathStyle: env.S3_FORCE_PATH_STYLE === "true",
    });
  } else {
    storage = new LocalMediaStorage(path.join(env.dataDir, "uploads"));
  }
  return storage;
}

/** Tests swap the storage. */
export function setMediaStorage(next: MediaStorage | undefined): void {
  storage = next;
}
