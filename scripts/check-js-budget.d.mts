/** Types of scripts/check-js-budget.mjs, for the tests that import it. */
export declare const BUDGET_KB: number;
export declare const COMPRESSION_THRESHOLD_BYTES: number;
export declare const RESPONSE_HEADER_BYTES: number;
export declare const STOREFRONT_PAGES: Array<[page: string, routeId: string]>;

export interface ClientManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id?: string; parentId?: string; module?: string; imports?: string[] }>;
}
export interface Sizes {
  raw: number;
  brotli: number;
  gzip: number;
}
export interface PageRow extends Sizes {
  page: string;
  routeId: string;
  files: string[];
  sent: number;
  over: boolean;
}

export declare function readManifest(buildDir: string): ClientManifest;
export declare function firstLoadFiles(manifest: ClientManifest, routeId: string): string[];
export declare function compressedSizes(buffer: Buffer): Sizes;
export declare function sentBytes(sizes: Pick<Sizes, "raw" | "brotli">): number;
export declare function measurePages(buildDir: string, pages?: Array<[page: string, routeId: string]>, budgetKb?: number): PageRow[];
