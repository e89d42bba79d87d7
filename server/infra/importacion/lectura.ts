import { isAscii } from 'node:buffer';
import { PassThrough, Readable, Transform } from 'node:stream';
import Papa from 'papaparse';
import { HttpError } from '../../core/errors';

/**
 * Reading an import file as a stream of rows: a CSV through papaparse (comma, semicolon or tab, found in the header
 * line; UTF-8 with or without BOM, or Windows-1252 as Excel saves "CSV" on Windows) or the first sheet of an .xlsx
 * through exceljs' streaming reader. Neither holds the file: rows come out as the bytes come in.
 */

/**
 * Writes the rest of an iterator's chunks into a stream, waiting whenever the stream asks to (backpressure), and ends
 * it; an error reading the chunks goes to `fail`.
 */
function pump<T>(chunks: AsyncIterator<T>, target: PassThrough, fail: (error: Error) => void): void {
  void (async () => {
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        if (!target.write(next.value)) await new Promise((resolve) => target.once('drain', resolve));
      }
      target.end();
    } catch (error) {
      fail(error as Error);
    }
  })();
}

/** The Spanish refusals of a file that cannot be read; each import words them for its own records. */
export type MensajesArchivo = { typeMessage: string; vacio: string; archivoDanado: string };

/** A row of the file: its line (the header is line 1) and its cells as text. */
export type FileRow = { linea: number; cells: string[] };

export type FileKind = 'csv' | 'xlsx';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Content that is surely not a CSV: a zip, a PDF, an old Office file (OLE), an image. */
const NOT_TEXT = [ZIP, [0x25, 0x50, 0x44, 0x46], [0xd0, 0xcf, 0x11, 0xe0], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff]];
const startsWith = (head: Buffer, signature: number[]) => signature.every((byte, i) => head[i] === byte);

/**
 * The kind of an uploaded file by its name and its first bytes: an .xlsx is a zip, a .csv is text (no zip, PDF, image
 * or NUL byte in its first chunk). Anything else is a 400 with the accepted types.
 */
export function fileKind(filename: string, head: Buffer, mensajes: Pick<MensajesArchivo, 'typeMessage'>): FileKind {
  const extension = filename.toLowerCase().split('.').pop();
  const refuse = () => new HttpError(400, mensajes.typeMessage);
  if (extension === 'xlsx') {
    if (!startsWith(head, ZIP)) throw refuse();
    return 'xlsx';
  }
  if (extension === 'csv' || extension === 'txt') {
    if (NOT_TEXT.some((signature) => startsWith(head, signature)) || head.includes(0)) throw refuse();
    return 'csv';
  }
  throw refuse();
}

/** Whether bytes are valid UTF-8 (a character cut at the end of the chunk counts as valid). */
function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A well-formed UTF-8 sequence of two to four bytes, in bytes read as Latin-1 (no surrogate, no overlong form). */
const UTF8_SEQUENCE =
  /[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}/;

/** The refusal of a CSV whose text is UTF-8 in part: no reading of it gives the text its author wrote. */
export const CSV_MAL_CODIFICADO =
  'El archivo mezcla texto en UTF-8 con bytes que no lo son: guárdelo de nuevo como «CSV UTF-8» o como Excel (.xlsx)';

/**
 * Bytes to text, decided at the first chunk past ASCII (both readings agree until then): UTF-8 (its BOM dropped) when
 * its bytes are UTF-8, Windows-1252 (as Excel saves "CSV" on Windows) when they hold no UTF-8 character at all. Bytes
 * that are partly UTF-8 (ED A0 80, a lone surrogate; a character cut short), there or later, are a 400: read either
 * way, some of the file's text would silently become U+FFFD or other letters. A character split between two chunks
 * is decoded whole.
 */
function decoder(): Transform {
  let decode: InstanceType<typeof TextDecoder> | undefined;
  let started = false;
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      if (!decode && isAscii(chunk)) {
        started ||= chunk.length > 0;
        return done(null, chunk.toString('latin1'));
      }
      if (!decode) {
        const utf8 = isUtf8(chunk);
        if (!utf8 && UTF8_SEQUENCE.test(chunk.toString('latin1'))) return done(new HttpError(400, CSV_MAL_CODIFICADO));
        // A BOM only counts at the start of the file.
        decode = new TextDecoder(utf8 ? 'utf-8' : 'windows-1252', { fatal: true, ignoreBOM: started });
      }
      try {
        done(null, decode.decode(chunk, { stream: true }));
      } catch {
        done(new HttpError(400, CSV_MAL_CODIFICADO));
      }
    },
    flush(done) {
      try {
        done(null, decode?.decode() ?? '');
      } catch {
        done(new HttpError(400, CSV_MAL_CODIFICADO));
      }
    },
  });
}

/** The separator of a CSV: the one of ; , and tab that appears most in its first line (comma when none). */
function separatorOf(firstLine: string): string {
  const counts = [';', ',', '\t'].map((s) => ({ s, n: firstLine.split(s).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].s : ',';
}

/** The CSV's records with their line numbers (a record with a quoted line break counts as one line). */
async function* csvRows(input: Readable): AsyncGenerator<FileRow> {
  const text = input.pipe(decoder());
  input.on('error', (error) => text.destroy(error));
  // The separator comes from the first line: read until it is complete (or 64 kB).
  let head = '';
  const chunks = text[Symbol.asyncIterator]();
  while (!head.includes('\n') && head.length < 65_536) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value as string;
  }
  const delimiter = separatorOf(head.replace(/^\uFEFF/, '').split('\n')[0]);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: false }) as unknown as PassThrough;
  const source = new PassThrough({ encoding: 'utf8' });
  source.pipe(parser);
  source.write(head.replace(/^\uFEFF/, ''));
  pump(chunks, source, (error) => parser.destroy(error));
  let linea = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    linea++;
    yield { linea, cells: record };
  }
}

type CellValue = unknown;

/** An Excel cell's value as the text a person reads in it. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('text' in v) return cellText(v.text);
    if ('result' in v) return cellText(v.result);
    if ('error' in v) return '';
  }
  return String(value);
}

/** Chunks of UTF-8 bytes as text: a character split between two chunks decoded whole, bytes that are not UTF-8 an error. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decode = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decode.decode(chunk, { stream: true });
  const rest = decode.decode();
  if (rest) yield rest;
}

/** What exceljs' streaming reader does with the XML of the shared strings and of each sheet (not in its types). */
type ReaderParts = {
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  model?: object;
};

/**
 * exceljs' streaming reader decodes each chunk of a part's XML on its own, non-fatally: a character split between two
 * chunks (about one in a thousand rows of accented text) and bytes that are not UTF-8 (a lone surrogate written as
 * ED A0 80) both become U+FFFD without a word. The reader gets text instead, decoded across chunks and strictly: a
 * part that is not UTF-8 fails the read, a 400 (damaged file).
 */
function decodeXmlStrictly(reader: object) {
  const parts = reader as ReaderParts;
  if (typeof parts._parseSharedStrings !== 'function' || typeof parts._parseWorksheet !== 'function')
    throw new Error('exceljs cambió su lector: revise decodeXmlStrictly');
  const sharedStrings = parts._parseSharedStrings.bind(reader);
  const worksheet = parts._parseWorksheet.bind(reader);
  const orden = { sinLibro: false };
  parts._parseSharedStrings = (entry) => sharedStrings(Readable.from(utf8Text(entry.pipe(new PassThrough()))));
  parts._parseWorksheet = (chunks, sheetNo) => {
    // exceljs writes a file's parts in no fixed order (our own templates included): a sheet may come before
    // xl/workbook.xml, whose model names the sheets and which the reader then lacks (it threw on `model.sheets`, a
    // 400 for a good file about once in fifteen). Such a sheet keeps the number of its part: sheet1.xml is the first.
    if (!parts.model) {
      parts.model = {};
      orden.sinLibro = true;
    }
    return worksheet(utf8Text(chunks), sheetNo);
  };
  return orden;
}

/** The first sheet's rows, each with its row number as Excel shows it. */
async function* xlsxRows(input: Readable): AsyncGenerator<FileRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const orden = decodeXmlStrictly(reader);
  try {
    for await (const sheet of reader) {
      const filas = sheet as AsyncIterable<{ number: number; values: CellValue[] }> & { id?: unknown };
      // Read before the workbook's part, a sheet is known only by its part's number: the first sheet is sheet1.xml.
      if (orden.sinLibro && String(filas.id) !== '1') {
        for await (const _ of filas);
        continue;
      }
      for await (const row of filas) {
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        // values[0] is always empty: Excel's columns start at 1.
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { linea: row.number, cells };
      }
      return;
    }
  } finally {
    // Whatever the reader did not read (the other sheets) is not waited for.
    input.resume();
  }
}

/**
 * The rows of an uploaded file. The first chunk decides the kind (fileKind); a damaged file becomes a 400 with the
 * reason in Spanish, whatever the parser's own message was.
 */
export async function* fileRows(filename: string, stream: Readable, mensajes: MensajesArchivo): AsyncGenerator<FileRow> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) throw new HttpError(400, mensajes.vacio);
  let head = first.value as Buffer;
  // The kind is read from the first bytes (a ZIP's signature is 4): a stream may hand them over in smaller pieces.
  while (head.length < 8) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value as Buffer]);
  }
  const kind = fileKind(filename, head, mensajes);
  // The bytes already read, then the rest, as one stream again.
  const whole = new PassThrough();
  stream.on('error', (error) => whole.destroy(error));
  whole.write(head);
  pump(chunks, whole, (error) => whole.destroy(error));
  const rows = kind === 'csv' ? csvRows(whole) : xlsxRows(whole);
  try {
    yield* rows;
  } catch (error) {
    if (error instanceof HttpError || (error as { reason?: string }).reason) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new HttpError(400, mensajes.archivoDanado);
  }
}
