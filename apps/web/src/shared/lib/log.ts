/**
 * The one place the app writes to the browser console: problems a user cannot
 * act on but a developer looking at the console should see.
 */
export function logProblem(message: string, detail?: unknown): void {
  // eslint-disable-next-line no-console -- the console is where developers look for client-side faults
  console.warn(message, detail);
}
