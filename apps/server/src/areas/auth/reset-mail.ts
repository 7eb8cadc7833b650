/** The password reset e-mail (part 1 §4 leaves its content to us). */
export function resetMail(username: string, link: string): { subject: string; text: string; html: string } {
  const text = [
    `Hello ${username},`,
    '',
    'Someone, hopefully you, asked to reset the password of your Equipment Dashboard account.',
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(username)},</p>
<p>Someone, hopefully you, asked to reset the password of your Equipment Dashboard account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Set a new password</a></p>
<p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { subject: 'Equipment Dashboard: reset your password', text, html };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
