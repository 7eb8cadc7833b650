import { onTestFinished } from 'vitest';

/**
 * The browsers' focus fixup rule (HTML spec), which jsdom lacks: a focused control that becomes
 * disabled loses focus to the body. Without it a test cannot see a control drop its focus by
 * disabling itself (a dialog's focus trap then moves focus to the dialog). For the test that calls
 * it, until that test ends.
 */
export function emulateFocusFixup(): void {
  const observer = new MutationObserver(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.matches(':disabled')) focused.blur();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  onTestFinished(() => observer.disconnect());
}
