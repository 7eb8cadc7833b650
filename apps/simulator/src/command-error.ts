/** A command the unit understood but refuses; it becomes `{ok: false, error: message}`. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}
