import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../src/i18n/provider';
import { AsignarLoteButton } from '../../src/shell/AsignarLoteButton';

const choices = [
  { id: 7, name: 'Lucía Pérez' },
  { id: 9, name: 'Mario Ortiz' },
];

function renderButton(onConfirm: (id: number | null) => Promise<void>) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <AsignarLoteButton
        label="Asignar vendedor"
        title="Asignar un vendedor a 2 clientes"
        field="Vendedor"
        none="Sin vendedor"
        choices={choices}
        disabled={false}
        onConfirm={onConfirm}
      />
    </AdminContext>,
  );
}

async function choose(option: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Asignar vendedor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Asignar un vendedor a 2 clientes' });
  fireEvent.mouseDown(dialog.querySelector('[role="combobox"]')!);
  fireEvent.click(await screen.findByRole('option', { name: option }));
  return dialog;
}

afterEach(cleanup);

describe('asignar en lote (vendedor de clientes, distribuidor de empresas)', () => {
  it('confirma el elegido con su id, y nada antes de elegir', async () => {
    const onConfirm = vi.fn(async () => {});
    renderButton(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Asignar vendedor' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Asignar vendedor')!;
    expect(confirm).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await choose('Mario Ortiz');
    fireEvent.click(screen.getAllByRole('button', { name: 'Asignar vendedor' }).at(-1)!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(9));
  });

  it('«Sin vendedor» quita a quien tenían (null)', async () => {
    const onConfirm = vi.fn(async () => {});
    renderButton(onConfirm);
    await choose('Sin vendedor');
    fireEvent.click(screen.getAllByRole('button', { name: 'Asignar vendedor' }).at(-1)!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(null));
  });
});
