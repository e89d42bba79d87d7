import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';

/**
 * The server's refusal of a note's draft, placed where it belongs: `campo` maps its message to the input it speaks of
 * ("Línea 2: …" under the second line, the motivo under the motivo); what no input owns shows above the buttons.
 */
export function FalloServidor({ mensaje, campo }: { mensaje: string | null; campo: (mensaje: string) => string | undefined }) {
  const { setError } = useFormContext();
  const destino = mensaje ? campo(mensaje) : undefined;
  useEffect(() => {
    if (mensaje && destino) setError(destino, { type: 'server', message: mensaje }, { shouldFocus: true });
  }, [mensaje, destino, setError]);
  if (!mensaje || destino) return null;
  return (
    <Alert severity="error" role="alert" data-fallo-servidor>
      {mensaje}
    </Alert>
  );
}

/** The message of a refused save, kept until the next one: react-admin's onError for Create and Edit. */
export function useFalloServidor() {
  const [mensaje, setMensaje] = useState<string | null>(null);
  return {
    mensaje,
    mutationOptions: {
      onError: (error: unknown) => setMensaje(error instanceof Error ? error.message : String(error)),
      onMutate: () => setMensaje(null),
    },
  };
}

/** The number an API message gives a line or a reason ("Línea 2: …" → 2). */
export const numeroEn = (mensaje: string, palabra: string) => {
  const m = new RegExp(`^${palabra} (\\d+):`).exec(mensaje);
  return m ? Number(m[1]) : undefined;
};
