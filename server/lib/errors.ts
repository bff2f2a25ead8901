/** A failure the client caused or may see: answered as `{code, message}` with `status` (NOTES.md 2). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: string | number = 'BAD_REQUEST') => new ApiError(400, code, message);
export const unauthorized = (message = 'Authentication required.') => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Permission denied.') => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: string | number = 'CONFLICT') => new ApiError(409, code, message);
