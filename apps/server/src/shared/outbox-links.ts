import { hashToken } from './secret-token.js';

/** The reset page's link with its token, as the reset mail writes it (web route /reset_password). */
const RESET_LINK = /\/reset_password\?token=([A-Za-z0-9_.~%-]+)/;
/** How a mail holding a reset link is named in the outbox: by its token's hash, as the token is stored. */
const MARK = /\.reset-([0-9a-f]{64})\.eml$/;

/** The headers a redacted mail keeps: who, what and when, never a part of the body. */
const KEPT_HEADERS = new Set(['from', 'to', 'cc', 'subject', 'date', 'message-id']);

export const REDACTED_NOTE =
  'This mail held a password reset link. The link has expired or was used, so the outbox no longer keeps it.';

/** The name part that marks a mail holding a reset link (before `.eml`), or '' for any other mail. */
export function resetLinkMark(text: string | undefined): string {
  const token = text === undefined ? undefined : RESET_LINK.exec(text)?.[1];
  if (!token) return '';
  try {
    return `.reset-${hashToken(decodeURIComponent(token))}`;
  } catch {
    return '';
  }
}

/** The hash of the reset token a marked mail holds, or undefined for an unmarked one. */
export const markedTokenHash = (key: string): string | undefined => MARK.exec(key)?.[1];

/** The key of a marked mail once its link is redacted: no longer marked, so it is not looked at again. */
export const redactedKey = (key: string): string => key.replace(MARK, '.link-spent.eml');

/**
 * The mail as the outbox keeps it once its link is dead: its headers of who, what and when, and a
 * note for its body. The whole body goes, not just the token: the link may be encoded in several
 * ways (quoted-printable folds it, an HTML part escapes it), and a body rebuilt from nothing cannot
 * keep a piece of it.
 */
export function redactedMail(original: string, fallback: { to: string; subject: string; date: Date }): string {
  const head = original.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const kept: string[] = [];
  let keeping = false;
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line)) {
      if (keeping) kept.push(line);
      continue;
    }
    keeping = KEPT_HEADERS.has(line.slice(0, line.indexOf(':')).trim().toLowerCase());
    if (keeping) kept.push(line);
  }
  if (kept.length === 0) {
    kept.push(`To: ${fallback.to}`, `Subject: ${fallback.subject}`, `Date: ${fallback.date.toUTCString()}`);
  }
  return [
    ...kept,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 7bit',
    '',
    REDACTED_NOTE,
    '',
  ].join('\n');
}
