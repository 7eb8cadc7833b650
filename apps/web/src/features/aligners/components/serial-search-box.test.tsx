import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../../shared/api/http';
import { renderWithProviders } from '../../../testing/render';
import { SerialSearchBox } from './serial-search-box';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

type OnSearch = (serial: string) => Promise<void>;

function setup(onSearch: Mock<OnSearch> = vi.fn<OnSearch>(async () => undefined)) {
  const user = userEvent.setup();
  renderWithProviders(<SerialSearchBox onSearch={onSearch} />);
  const input = screen.getByRole('textbox', { name: 'Serial number search' });
  const button = screen.getByRole('button', { name: 'Search' });
  return { user, input, button, onSearch };
}

describe('SerialSearchBox', () => {
  it('ignores an empty or blank search', async () => {
    const { user, input, button, onSearch } = setup();
    await user.click(button);
    await user.type(input, '   {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('upper-cases the serial before searching, on Enter and on the icon', async () => {
    const { user, input, button, onSearch } = setup();
    await user.type(input, 'ab1c2d34{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('AB1C2D34');
    expect((input as HTMLInputElement).value).toBe('AB1C2D34');
    await user.clear(input);
    await user.type(input, 'xyz12345');
    await user.click(button);
    expect(onSearch).toHaveBeenLastCalledWith('XYZ12345');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('shows an hourglass and ignores new searches while one is running', async () => {
    const pending = deferred();
    const onSearch = vi.fn<OnSearch>(() => pending.promise);
    const { user, input, button } = setup(onSearch);
    expect(screen.queryByTestId('searching-icon')).toBeNull();

    await user.type(input, 'abc{Enter}');
    expect(screen.getByTestId('searching-icon')).toBeTruthy();
    await user.click(button);
    await user.type(input, '{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);

    pending.resolve();
    await vi.waitFor(() => expect(screen.queryByTestId('searching-icon')).toBeNull());
    await user.click(button);
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('ends the hourglass and shows the reason when the search fails', async () => {
    const onSearch = vi.fn<OnSearch>(async () => {
      throw new ApiError(0, 'The server could not be reached.');
    });
    const { user, input } = setup(onSearch);
    await user.type(input, 'abc{Enter}');
    expect(await screen.findByText('The server could not be reached.')).toBeTruthy();
    expect(screen.queryByTestId('searching-icon')).toBeNull();
  });
});
