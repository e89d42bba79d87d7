import { randomBytes } from 'node:crypto';

/** A body that is not JSON (a multipart form) and its headers, as the living demo hands it to app.inject. */
export type Envio = { payload?: Buffer; headers?: Record<string, string> };

/** A form field: a text value, or a file with its name and type. */
export type Campo = { nombre: string; valor: string } | { nombre: string; archivo: string; tipo: string; contenido: Buffer };

/** A multipart/form-data body of `campos`, in their order. */
export function formulario(campos: Campo[]): Envio {
  const limite = `demo${randomBytes(12).toString('hex')}`;
  const partes = campos.flatMap((campo) =>
    'valor' in campo
      ? [Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${campo.nombre}"\r\n\r\n${campo.valor}\r\n`)]
      : [
          Buffer.from(
            `--${limite}\r\nContent-Disposition: form-data; name="${campo.nombre}"; filename="${campo.archivo}"\r\nContent-Type: ${campo.tipo}\r\n\r\n`,
          ),
          campo.contenido,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...partes, Buffer.from(`--${limite}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${limite}` },
  };
}
