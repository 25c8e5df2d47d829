import type { Request, RequestHandler, Response } from "express";

export const BODY_LIMIT_BYTES: number;
export const UPLOAD_LIMIT_BYTES: number;
export const IMPORT_LIMIT_BYTES: number;
export const REQUEST_ID_HEADER: string;
export const TOO_LARGE_MESSAGE: string;
export const MALFORMED_ADDRESS_MESSAGE: string;
export function bodyLimitFor(pathname: string): number;
export function refuse(req: Request, res: Response, status: number, code: string, message: string): void;
export const assignRequestId: RequestHandler;
export const boundRequestBody: RequestHandler;
export const refuseMalformedPath: RequestHandler;
