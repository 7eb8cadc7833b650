import { useSyncExternalStore } from 'react';
import { dialogClasses } from '@mui/material/Dialog';

/**
 * Where a notice must render to be read and reached. An open dialog hides every other child of
 * <body> from screen readers (aria-hidden) and keeps the keyboard inside its container, so a notice
 * raised while a dialog is up goes inside that container; otherwise it goes to <body>.
 */

const leaving = new WeakSet<Element>();
const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;

const changed = () => listeners.forEach((listener) => listener());

/**
 * Every dialog's transition callbacks (set once in the theme): a dialog that starts to close stops
 * being a surface at once, so a notice raised as it closes does not fade out with it.
 */
export const dialogSurfaceTransitions = {
  onEnter: (node: HTMLElement) => {
    leaving.delete(node);
    changed();
  },
  onExit: (node: HTMLElement) => {
    leaving.add(node);
    changed();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer) {
    // Dialogs mount and unmount as children of <body> (MUI's portal), so that list is all to watch.
    observer = new MutationObserver(changed);
    observer.observe(document.body, { childList: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}

/** The container of the topmost dialog that is not closing (portals append, so the last one), else <body>. */
function noticeSurface(): HTMLElement {
  const containers = document.body.querySelectorAll<HTMLElement>(`.${dialogClasses.container}`);
  for (let i = containers.length - 1; i >= 0; i -= 1) {
    const container = containers[i]!;
    if (!leaving.has(container)) return container;
  }
  return document.body;
}

export function useNoticeSurface(): HTMLElement {
  return useSyncExternalStore(subscribe, noticeSurface);
}
