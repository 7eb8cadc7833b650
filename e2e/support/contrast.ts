/** WCAG 2 contrast of two CSS colours as getComputedStyle gives them ("rgb(r, g, b)" or "rgba(…)"). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

function luminance(css: string): number {
  const channels = css
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  if (channels?.length !== 3) throw new Error(`Not an rgb colour: ${css}`);
  const [r, g, b] = channels.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** True for a clearly red colour, as an error's fill is. */
export function isRed(css: string): boolean {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number];
  return r > 150 && g < 100 && b < 100;
}
