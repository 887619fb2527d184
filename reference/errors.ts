// Every failure the reference answers is an ApiError, sent as {errorCode, message} (§7).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Each refused member's message, where a fault answers them all (sa-update-multi-error-envelope). */
    readonly details?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (errorCode: string, message: string) => new ApiError(400, errorCode, message);
export const notFound = (errorCode: string, message: string) => new ApiError(404, errorCode, message);
