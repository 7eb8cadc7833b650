import { createContext, useContext, useEffect } from 'react';

/** Set by a screen's frame (app/routes/screen.tsx): what a record shown on the screen adds to the page title. */
export const PageSubtitleContext = createContext<(subtitle: string | null) => void>(() => undefined);

/**
 * Names the record a screen shows (a rollout, a ticket) in the browser's title and history, before
 * the screen's own name: "Oasis 1.3.5 to the fleet - Rollouts - …". Cleared when it goes.
 */
export function usePageSubtitle(subtitle: string | undefined) {
  const set = useContext(PageSubtitleContext);
  useEffect(() => {
    if (!subtitle) return undefined;
    set(subtitle);
    return () => set(null);
  }, [set, subtitle]);
}
