import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/http';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-fields';

/** A vendor as a contract schema would have it: trimmed, upper case, at most 8 characters. */
const schema = z.object({
  name: z.string().trim().min(1, 'name is required').max(8, 'name is at most 8 characters').toUpperCase(),
  note: z.string(),
});

function setup(onSubmit: (values: { name: string; note: string }) => Promise<unknown>, cancellable = true) {
  const onClose = vi.fn();
  const submit = vi.fn(onSubmit);
  render(
    <FormDialog
      title="Add Vendor"
      schema={schema}
      defaultValues={{ name: '', note: '' }}
      submitLabel="Add"
      onSubmit={submit}
      onClose={onClose}
      cancellable={cancellable}
    >
      <FormTextField name="name" label="Vendor Name" helperText="As on the invoice" />
      <FormTextField name="note" label="Note" />
    </FormDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Vendor' });
  const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add' });
  const name = within(dialog).getByRole('textbox', { name: 'Vendor Name' });
  return { user: userEvent.setup(), submit, onClose, dialog, add, name };
}

describe('FormDialog', () => {
  it("shows the field's zod message once it is edited, and does not submit while the schema refuses", async () => {
    const { user, submit, add, name } = setup(async () => undefined);
    expect(add.disabled).toBe(true);
    // Untouched, the field keeps its hint: the disabled button says enough.
    expect(screen.getByText('As on the invoice')).toBeTruthy();
    expect(screen.queryByText('Required')).toBeNull();

    await user.type(name, 'Acme Tools Inc{Enter}');
    expect(screen.getByText('At most 8 characters')).toBeTruthy();
    expect(screen.queryByText('As on the invoice')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(add.disabled).toBe(true);
    expect(submit).not.toHaveBeenCalled();

    await user.clear(name);
    await user.type(name, 'Acme');
    expect(screen.queryByText('At most 8 characters')).toBeNull();
    expect(add.disabled).toBe(false);
  });

  it('refuses a submit that comes anyway (zodResolver), and then shows every problem', async () => {
    const { submit, name } = setup(async () => undefined);
    fireEvent.submit(name.closest('form')!);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits the values as the schema parses them, with the button busy until the call ends', async () => {
    let finish = () => {};
    const { user, submit, add, name } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.type(name, '  acme ');
    await user.click(add);
    expect(submit).toHaveBeenCalledWith({ name: 'ACME', note: '' });
    expect(add.disabled).toBe(true);
    finish();
    await vi.waitFor(() => expect(add.disabled).toBe(false));
    // Enter in a field submits too, as in any form.
    await user.type(name, '{Enter}');
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it("shows the server's sentence when the call fails, and stays open", async () => {
    const { user, onClose, dialog, add, name } = setup(async () => {
      throw new ApiError(409, 'A vendor named ACME already exists.');
    });
    await user.type(name, 'acme');
    await user.click(add);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('A vendor named ACME already exists.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Vendor' })).toBeTruthy();
    expect(add.disabled).toBe(false);
  });

  it('closes on Cancel and Escape, unless it must be completed', async () => {
    const open = setup(async () => undefined);
    await open.user.keyboard('{Escape}');
    await open.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(open.onClose).toHaveBeenCalledTimes(2);
  });

  it('offers no Cancel and ignores Escape when it must be completed', async () => {
    const { user, onClose } = setup(async () => undefined, false);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
