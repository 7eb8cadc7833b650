/** A query string's names without its values: values may be serial numbers, names or worse. */
export function withoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}
