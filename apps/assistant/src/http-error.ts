/** An error the console's and the standalone error handlers both send as {statusCode, error, message}. */
export const httpError = (statusCode: number, message: string): Error & { statusCode: number } =>
  Object.assign(new Error(message), { statusCode });
