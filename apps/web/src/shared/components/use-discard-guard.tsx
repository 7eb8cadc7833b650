import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Escape or a click outside a half-filled form asks before throwing the answers away; Cancel, a
 * deliberate button, does not. `requestClose` is the dialog's onClose; `prompt` renders the question.
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void, what: string) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const prompt: ReactNode = asking ? (
    <ConfirmDialog
      title={`Discard ${what}?`}
      text={`Your answers in ${what} are not saved yet. Discard them?`}
      confirmLabel="Discard"
      busy={false}
      error={null}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    />
  ) : null;
  return { requestClose, prompt };
}
