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
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
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
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** true: endpoint/bucket/key (MinIO and most S3-compatible services); false: bucket.endpoint/key. */
  pathStyle: boolean;
};

const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 30_000;

/**
 * An S3-compatible bucket through the AWS SDK (PutObject, GetObject, DeleteObject): the SDK signs
 * (SigV4), retries throttling and network errors, and follows the services' error formats.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: config.credentials,
      forcePathStyle: config.pathStyle,
      // The SDK's default CRC32 checksums (since 3.729) are refused by several S3-compatible
      // services (older MinIO, Ceph, some hosting providers): only send them where S3 requires them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    });
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!res.Body) return null;
      return { data: await res.Body.transformToByteArray(), contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (!isNotFound(error)) throw error;
    }
  }

  /** Closes the SDK's kept-alive sockets (tests, scripts). */
  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404;
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
