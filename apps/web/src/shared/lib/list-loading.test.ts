import { describe, expect, it } from 'vitest';
import { listLoading } from './list-loading';

describe('listLoading', () => {
  it('shows the overlay for a first load and for a new page over the old rows, not for a refresh', () => {
    expect(listLoading({ isFetching: true, isPlaceholderData: false, data: undefined })).toBe(true);
    expect(listLoading({ isFetching: true, isPlaceholderData: true, data: { docs: [] } })).toBe(true);
    expect(listLoading({ isFetching: true, isPlaceholderData: false, data: { docs: [] } })).toBe(false);
    expect(listLoading({ isFetching: false, isPlaceholderData: false, data: undefined })).toBe(false);
  });
});
