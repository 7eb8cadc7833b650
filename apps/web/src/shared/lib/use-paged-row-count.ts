import { useState } from 'react';

/**
 * The total of a server-paged list; while the next page loads the count is unknown, and keeping
 * the last one stops the pager from jumping back to page 1.
 */
export function usePagedRowCount(data: { totalDocs: number } | undefined): number {
  const [rowCount, setRowCount] = useState(0);
  if (data && data.totalDocs !== rowCount) setRowCount(data.totalDocs);
  return rowCount;
}
