import { messages, parse, protocol, types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite's query() parses and plans its statement on every call, in six calls into the WebAssembly backend (Parse,
 * Describe, Bind, Describe, Execute, Sync), and Drizzle's PGlite driver ignores a prepared statement's name. The
 * statements prepared() builds run here instead: parsed once per PGlite instance under a name of their own, then each
 * execution is one Bind + Execute + Sync in one call. The values are serialized and the rows parsed as query() does,
 * and the answer has its shape, so Drizzle maps it as before. The answer's bytes are read here too (leerRespuesta); an
 * answer with anything but rows and their command's tag (an error, a notice) goes through PGlite's own parser.
 */
type Campo = { name: string; dataTypeID: number };
type Sentencia = { nombre: string; tipos: number[]; descripcion?: messages.BackendMessage; campos: Campo[] };
type Conexion = { pglite: PGlite; transaccion?: Transaction };
type Consulta = Pick<PGlite, 'query'>;

const conexiones = new WeakMap<object, Conexion>();
const rapidos = new WeakMap<object, Consulta>();
const sentencias = new WeakMap<PGlite, Map<string, Sentencia>>();

const EJECUTAR = protocol.serialize.execute({});
const SINCRONIZAR = protocol.serialize.sync();

/** The client Drizzle gets for `pglite` (or for one of its transactions): what clientePreparado() recognizes. */
export function registrarPglite(cliente: object, pglite: PGlite, transaccion?: Transaction) {
  conexiones.set(cliente, { pglite, transaccion });
}

/** A PGlite client's fast path for prepared statements; any other client (PostgreSQL's) as it is. */
export function clientePreparado<C>(cliente: C): C {
  const conexion = conexiones.get(cliente as object);
  if (!conexion) return cliente;
  let rapido = rapidos.get(conexion);
  if (!rapido) {
    rapido = { query: (texto, valores, opciones) => ejecutar(conexion, texto, valores ?? [], opciones?.rowMode) as never };
    rapidos.set(conexion, rapido);
  }
  return rapido as C;
}

/** As query() does: outside a transaction it waits for any transaction to end and syncs the files after the statement. */
async function ejecutar({ pglite, transaccion }: Conexion, texto: string, valores: unknown[], rowMode?: 'array' | 'object') {
  if (transaccion) {
    if (transaccion.closed) throw new Error('Transaction is closed');
    return pglite._runExclusiveQuery(() => correr(pglite, texto, valores, rowMode));
  }
  await pglite._checkReady();
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const resultado = await correr(pglite, texto, valores, rowMode);
      await pglite.syncToFs();
      return resultado;
    }),
  );
}

async function correr(pglite: PGlite, texto: string, valores: unknown[], rowMode?: 'array' | 'object'): Promise<Results> {
  try {
    const sentencia = sentenciasDe(pglite).get(texto) ?? (await preparar(pglite, texto));
    const values = valores.map((valor, i) => {
      if (valor === null || valor === undefined) return null;
      const serializar = pglite.serializers[sentencia.tipos[i]];
      return serializar ? serializar(valor) : (valor as { toString(): string }).toString();
    });
    const mensaje = ejecucion(sentencia.nombre, values as Valor[]);
    const partes: Uint8Array[] = [];
    // The chunks are views of PGlite's memory, reused by its next call: each is copied.
    await pglite.execProtocolRawStream(mensaje, { syncToFs: false, onRawData: (datos) => partes.push(datos.slice()) });
    const bytes = Buffer.concat(partes);
    const leida = leerRespuesta(bytes, sentencia.campos, pglite.parsers, rowMode);
    if (leida) return leida;
    const respuesta: messages.BackendMessage[] = [];
    new protocol.Parser().parse(bytes, (m) => respuesta.push(m));
    const fallo = respuesta.find((m) => m instanceof messages.DatabaseError);
    if (fallo) throw fallo;
    const leidos = sentencia.descripcion ? [sentencia.descripcion, ...respuesta] : respuesta;
    return parse.parseResults(leidos, pglite.parsers, { rowMode })[0];
  } catch (error) {
    if (error instanceof messages.DatabaseError) Object.assign(error, { query: texto, params: valores, queryOptions: { rowMode } });
    throw error;
  }
}

/** Commands whose tag's count is what parseResults reports as affectedRows. */
const AFECTAN = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The answer to Bind + Execute + Sync read as parse.parseResults reads PGlite's parsed messages, with each value
 * decoded by Buffer from the answer itself: PGlite's parser copies every value into an ArrayBuffer of its own before
 * decoding it, 0.74 ms for a credit note's two sets of 20 lines. Undefined when the answer holds anything else than
 * BindComplete, the rows, their command's tag and ReadyForQuery (an error, a notice): PGlite's parser reads those.
 */
function leerRespuesta(bytes: Buffer, campos: Campo[], parsers: PGlite['parsers'], rowMode?: 'array' | 'object'): Results | undefined {
  const convertir = campos.map((c) => parsers[c.dataTypeID] ?? types.parsers[c.dataTypeID]);
  const rows: unknown[] = [];
  let resultado: Results | undefined;
  for (let i = 0; i < bytes.length;) {
    const tipo = bytes[i];
    const fin = i + 1 + bytes.readInt32BE(i + 1);
    if (tipo === 0x44 /* D: DataRow */) {
      if (bytes.readInt16BE(i + 5) !== campos.length) return undefined;
      const valores: unknown[] = [];
      let j = i + 7;
      for (let c = 0; c < campos.length; c++) {
        const largo = bytes.readInt32BE(j);
        j += 4;
        if (largo < 0) valores.push(null);
        else {
          const texto = bytes.toString('utf8', j, j + largo);
          valores.push(convertir[c] ? convertir[c](texto, campos[c].dataTypeID) : texto);
          j += largo;
        }
      }
      rows.push(rowMode === 'array' ? valores : Object.fromEntries(campos.map((c, k) => [c.name, valores[k]])));
    } else if (tipo === 0x43 /* C: CommandComplete */) {
      const etiqueta = bytes.toString('utf8', i + 5, fin - 1).split(' ');
      const cuenta = parseInt(etiqueta[etiqueta.length - 1], 10);
      resultado = {
        rows: rows as Results['rows'],
        fields: campos,
        command: etiqueta[0],
        affectedRows: AFECTAN.has(etiqueta[0]) ? cuenta : 0,
        ...(Number.isNaN(cuenta) ? {} : { rowCount: cuenta }),
      } as Results;
    } else if (tipo !== 0x32 /* 2: BindComplete */ && tipo !== 0x5a /* Z: ReadyForQuery */) return undefined;
    i = fin;
  }
  return resultado;
}

type Valor = string | ArrayBufferView | ArrayBuffer | null;

/**
 * Bind (the unnamed portal, text results) + Execute + Sync in one buffer, what protocol.serialize.bind writes: its
 * writer measures and encodes each value's UTF-8 in JavaScript and grows its buffer as it goes, 0.14-0.27 ms for the
 * signed XML an issue stores; Buffer measures and writes it natively, into a buffer allocated once. Strings are sent as
 * text, byte arrays as binary.
 */
function ejecucion(nombre: string, valores: Valor[]): Uint8Array {
  const bytes = valores.map((v) =>
    v === null
      ? null
      : typeof v === 'string'
        ? v
        : ArrayBuffer.isView(v)
          ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
          : Buffer.from(v),
  );
  const binario = bytes.some((v) => v !== null && typeof v !== 'string');
  const largoNombre = Buffer.byteLength(nombre);
  let largo = 4 + 1 + largoNombre + 1 + 2 + (binario ? 2 * bytes.length : 0) + 2 + 2;
  for (const v of bytes) largo += 4 + (v === null ? 0 : typeof v === 'string' ? Buffer.byteLength(v) : v.length);
  const mensaje = Buffer.allocUnsafe(1 + largo + EJECUTAR.length + SINCRONIZAR.length);
  let i = mensaje.writeUInt8(0x42, 0); // 'B'
  i = mensaje.writeInt32BE(largo, i);
  i = mensaje.writeUInt8(0, i); // the unnamed portal
  i += mensaje.write(nombre, i, 'utf8');
  i = mensaje.writeUInt8(0, i);
  if (binario) {
    i = mensaje.writeUInt16BE(bytes.length, i);
    for (const v of bytes) i = mensaje.writeUInt16BE(v !== null && typeof v !== 'string' ? 1 : 0, i);
  } else i = mensaje.writeUInt16BE(0, i); // every value as text
  i = mensaje.writeUInt16BE(bytes.length, i);
  for (const v of bytes) {
    if (v === null) i = mensaje.writeInt32BE(-1, i);
    else if (typeof v === 'string') {
      const escritos = mensaje.write(v, i + 4, 'utf8');
      mensaje.writeInt32BE(escritos, i);
      i += 4 + escritos;
    } else {
      i = mensaje.writeInt32BE(v.length, i);
      i += v.copy(mensaje, i);
    }
  }
  i = mensaje.writeUInt16BE(0, i); // every result column as text
  mensaje.set(EJECUTAR, i);
  mensaje.set(SINCRONIZAR, i + EJECUTAR.length);
  return mensaje;
}

function sentenciasDe(pglite: PGlite) {
  let mapa = sentencias.get(pglite);
  if (!mapa) sentencias.set(pglite, (mapa = new Map()));
  return mapa;
}

/** Parses the statement under a new name and keeps its parameters' types and its rows' description. */
async function preparar(pglite: PGlite, texto: string): Promise<Sentencia> {
  const mapa = sentenciasDe(pglite);
  const nombre = `amelia_${mapa.size + 1}`;
  const parseo = protocol.serialize.parse({ name: nombre, text: texto });
  const describir = protocol.serialize.describe({ type: 'S', name: nombre });
  const mensaje = new Uint8Array(parseo.length + describir.length + SINCRONIZAR.length);
  mensaje.set(parseo);
  mensaje.set(describir, parseo.length);
  mensaje.set(SINCRONIZAR, parseo.length + describir.length);
  const respuesta = await pglite.execProtocolStream(mensaje, { syncToFs: false });
  const descripcion = respuesta.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
  const sentencia: Sentencia = {
    nombre,
    tipos: parse.parseDescribeStatementResults(respuesta),
    descripcion,
    campos: descripcion?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
  };
  mapa.set(texto, sentencia);
  return sentencia;
}
