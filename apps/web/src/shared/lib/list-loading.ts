/**
 * Whether a list shows its loading overlay: only while the rows on screen are not the ones asked
 * for (first load, or a new page or filter over the previous rows). A refresh in the background,
 * after a live event, keeps the rows usable: an overlay then would swallow the user's click.
 */
export function listLoading(query: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }): boolean {
  return query.isFetching && (query.isPlaceholderData || query.data === undefined);
}
