/** Errors a service may throw; the error handler turns them into 4xx {code, message} answers. */
import { ERROR_CODES, type ErrorCode } from '@tessera/contract';

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
