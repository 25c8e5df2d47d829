import type { z } from "zod";

/**
 * One API operation as the OpenAPI document describes it. Its own file so the modules that declare
 * their operations do not import the document builder that imports them.
 */
export type ApiOperation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tags: string[];
  query?: z.ZodObject;
  pathParams?: z.ZodObject;
  /** Request headers the operation reads (a webhook's signature). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** A non-JSON body (a file upload), documented by its media types. */
  rawBody?: { contentTypes: string[]; description: string };
  /** A response is JSON with its schema, or a file of `binary` media type (a PDF download). */
  responses: Record<number, { description: string; schema?: z.ZodType; binary?: string }>;
  /** admin_api: an administrator's session or an API key (`Authorization: Bearer`, decision 049). */
  auth?: "none" | "session" | "admin" | "admin_api";
};
