import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { FacturaCalculada } from '../../../domain/facturas';
import type { Cliente } from '../clientes/tipos';
import { avisosDe, calcular, type Avisos, type FacturaForm } from './formulario';
import { texto } from './textos';

type Calculo = {
  calculo: FacturaCalculada;
  avisos: Avisos;
  comprador?: Cliente;
  /** Whether the user has worked on this line (or tried to save): only then its messages show. */
  tocada: (indice: number) => boolean;
  pagosTocados: boolean;
};

const CalculoContext = createContext<Calculo | null>(null);

export const sinDescripcion = (linea: number) => `Línea ${linea}: ${texto('form.describa')}`;

/** The invoice as the form holds it, computed on every keystroke by the server's own calculation. */
export function CalculoProvider({ children }: { children: ReactNode }) {
  const values = useWatch() as FacturaForm;
  const cliente = values.CLI_CODIGO || undefined;
  const { data: comprador } = useGetOne<Cliente & { id: number }>('clientes', { id: cliente }, { enabled: Boolean(cliente) });
  const { touchedFields, isSubmitted } = useFormState();
  const tipo = comprador?.CLI_TIPO_IDENTIFICACION;
  const calculo = useMemo(() => calcular(values, tipo), [values, tipo]);
  const avisos = useMemo(() => avisosDe(values, calculo, sinDescripcion), [values, calculo]);
  const lineasTocadas = (touchedFields as { lineas?: unknown[] }).lineas;
  const value: Calculo = {
    calculo,
    avisos,
    comprador,
    tocada: (i) => isSubmitted || Boolean(lineasTocadas?.[i]),
    pagosTocados: isSubmitted || Boolean((touchedFields as { pagos?: unknown }).pagos),
  };
  return <CalculoContext.Provider value={value}>{children}</CalculoContext.Provider>;
}

export function useCalculo(): Calculo {
  const calculo = useContext(CalculoContext);
  if (!calculo) throw new Error('useCalculo fuera de CalculoProvider');
  return calculo;
}
