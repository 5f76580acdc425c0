/** Errors a service may throw; the error handler turns them into 4xx {code, message} answers. */
import { ERROR_CODES, type ErrorCode } from '@tessera/contract';
import { isWsiError } from '@tessera/wsi';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.validation) =>
  new AppError(400, code, message);
export const unauthenticated = (message = 'Sign in to continue') =>
  new AppError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found', code: string = ERROR_CODES.notFound) =>
  new AppError(404, code, message);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) =>
  new AppError(409, code, message);

/** A reader failure as one line for people: the reader's own message, never a stack. */
export function describeFailure(error: unknown): string {
  if (isWsiError(error) || error instanceof AppError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') return `Cannot read the file (${code})`;
  return error instanceof Error ? error.message : String(error);
}
