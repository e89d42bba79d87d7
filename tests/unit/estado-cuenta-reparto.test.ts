import { describe, expect, it } from 'vitest';
import { aplicaciones, proponerReparto } from '../../src/resources/clientes/EstadoCuentaReparto';

/** The collection dialog's proposal: the amount over the invoices the oldest due first, each up to what it owes, in exact cents. */
describe('estado de cuenta: reparto de un cobro', () => {
  const facturas = [
    { FAC_CODIGO: 1, saldo: '70.10' },
    { FAC_CODIGO: 2, saldo: '0.00' },
    { FAC_CODIGO: 3, saldo: '50.00' },
  ];

  it('pays the oldest first, skips what owes nothing and leaves the rest empty', () => {
    expect(proponerReparto('80.2', facturas)).toEqual({ 1: '70.10', 2: '', 3: '10.10' });
    expect(proponerReparto('30', facturas)).toEqual({ 1: '30.00', 2: '', 3: '' });
    // More than is owed: everything is proposed; the dialog shows that the sum falls short and the server refuses it.
    expect(proponerReparto('500', facturas)).toEqual({ 1: '70.10', 2: '', 3: '50.00' });
  });

  it('proposes nothing for an amount it cannot read (letters, three decimals)', () => {
    expect(proponerReparto('diez', facturas)).toEqual({ 1: '', 2: '', 3: '' });
    expect(proponerReparto('1.005', facturas)).toEqual({ 1: '', 2: '', 3: '' });
  });

  it('sums what is typed exactly (0.1 + 0.2 is 0.30) and drops empty or zero lines', () => {
    expect(aplicaciones({ 1: '0.1', 2: '', 3: '0.2', 4: '0' })).toEqual({
      lista: [
        { FAC_CODIGO: 1, valor: '0.10' },
        { FAC_CODIGO: 3, valor: '0.20' },
      ],
      suma: 30n,
    });
    expect(aplicaciones({ 1: '1,5' })).toEqual({ lista: [{ FAC_CODIGO: 1, valor: '1.50' }], suma: 150n });
    expect(aplicaciones({ 1: 'x' })).toBeNull();
  });
});
