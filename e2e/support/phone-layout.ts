import { expect, type Page } from '@playwright/test';

/** An iPhone 12–15's screen in CSS pixels: the width field technicians work at. */
export const PHONE = { width: 390, height: 844 };

/** What a person would see wrong on the topmost layer (the open dialog, menu, or the page). */
export interface LayoutFaults {
  /** The page itself scrolls sideways. */
  pageScroll: number;
  /** Boxes that need sideways scrolling to be read whole (a table wider than the screen). */
  sideways: string[];
  /** Text that runs past the screen's left or right edge. */
  offScreen: string[];
  /** Text cut with an ellipsis, or at the side by a box that hides its overflow. */
  cut: string[];
  /** Two texts drawn over each other. */
  overlaps: string[];
}

/**
 * Reads the layout from the boxes the browser drew: every visible text's line boxes (a range's
 * client rects, so transforms and wrapping count) on the topmost layer. Floating labels hidden by
 * opacity (an outlined field's notch) and anything behind a modal are not read.
 */
function layoutFaults(page: Page): Promise<LayoutFaults> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const layers = [
      ...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="menu"], [role="listbox"]'),
    ].filter((el) => el.checkVisibility());
    const root = layers.at(-1) ?? document.body;
    const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const seen = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !el.closest('[aria-hidden="true"]');
    const scrollsSideways = (el: Element) => {
      const { overflowX } = getComputedStyle(el);
      return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    };
    const all = [root, ...root.querySelectorAll('*')].filter(seen);
    const sideways = all
      .filter(scrollsSideways)
      .map((el) => `${(el.getAttribute('class') ?? el.tagName).slice(0, 50)}: ${el.scrollWidth} > ${el.clientWidth}`);

    const intersect = (a: DOMRect, b: DOMRect) => {
      const left = Math.max(a.left, b.left);
      const top = Math.max(a.top, b.top);
      return new DOMRect(left, top, Math.min(a.right, b.right) - left, Math.min(a.bottom, b.bottom) - top);
    };
    // What an element's scrolling or clipping ancestors let show of it: text scrolled out of view is not read.
    const clipOf = (el: Element) => {
      let clip: DOMRect | undefined;
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const box = up.getBoundingClientRect();
        clip = clip ? intersect(clip, box) : box;
      }
      return clip;
    };

    // Each text node's line boxes, clipped to what an ancestor with hidden overflow lets show.
    const lines: { el: Element; text: string; rect: DOMRect }[] = [];
    const clipped: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !seen(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const clip = clipOf(el);
      const text = node.textContent.trim().slice(0, 30);
      for (const drawn of range.getClientRects()) {
        const rect = clip ? intersect(drawn, clip) : drawn;
        if (rect.width <= 1 || rect.height <= 1) continue;
        lines.push({ el, text, rect });
        // Scrolled out of view up or down is a scroll away; cut at the side is not to be read.
        if (rect.width < drawn.width - 1)
          clipped.push(`"${text}" shows ${Math.round(rect.width)} of ${Math.round(drawn.width)} px`);
      }
    }
    const offScreen = lines
      .filter(({ rect }) => rect.left < -1 || rect.right > width + 1)
      .map(({ text, rect }) => `"${text}" at ${Math.round(rect.left)}–${Math.round(rect.right)}`);
    const cut = [...new Set(lines.map(({ el }) => el))]
      .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      .map(label)
      .concat(clipped);
    const overlaps: string[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      for (let j = i + 1; j < lines.length; j += 1) {
        const a = lines[i]!;
        const b = lines[j]!;
        if (a.el === b.el) continue;
        const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        // Line boxes of adjacent lines touch by their leading; a third of a line is text drawn over text.
        if (x > 2 && y > Math.min(a.rect.height, b.rect.height) / 3) overlaps.push(`"${a.text}" over "${b.text}"`);
      }
    }
    return { pageScroll: document.documentElement.scrollWidth - width, sideways, offScreen, cut, overlaps };
  });
}

/** The topmost layer fits a phone: nothing to scroll sideways, off the edge, cut or drawn over. */
export async function expectFitsPhone(page: Page, where: string) {
  const faults = await layoutFaults(page);
  expect(faults, `${where} fits a 390 px phone`).toEqual({
    pageScroll: 0,
    sideways: [],
    offScreen: [],
    cut: [],
    overlaps: [],
  });
}
