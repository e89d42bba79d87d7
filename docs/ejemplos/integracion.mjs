#!/usr/bin/env node
// Ejemplo de integración con Amelia (docs/integraciones.md): JavaScript para Node 20.19 o más nuevo, sin dependencias, para copiarlo.
//
//   npm run demo                  # en otra terminal: Amelia y un SRI local en http://127.0.0.1:3000
//   npm run ejemplo-integracion   # o: node docs/ejemplos/integracion.mjs
//
// Inicia sesión como el administrador de Ferretería El Tornillo, crea una clave de API, levanta un receptor de
// webhooks en un puerto libre de esta máquina y lo registra, emite una factura en una llamada con la clave y una
// Idempotency-Key, la reintenta (Amelia responde lo mismo sin emitir dos veces), espera el webhook
// comprobante.autorizado, verifica su firma y lo imprime. Al final revoca la clave y elimina el webhook, de modo que
// se puede ejecutar otra vez. Termina con 0, o con 1 y el motivo.
//
// Variables: AMELIA_URL (http://127.0.0.1:3000), AMELIA_RUC, AMELIA_USUARIO, AMELIA_CLAVE (las de la demostración),
// EJEMPLO_PRODUCTO (TOR-HEX-14, un producto del catálogo de la ferretería). Amelia debe poder llamar al receptor en
// 127.0.0.1: `npm run demo` lo permite (WEBHOOKS_REDES_PRIVADAS=true).
import http from 'node:http';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

const AMELIA = (process.env.AMELIA_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
const CUENTA = {
  ruc: process.env.AMELIA_RUC || '1792060346001',
  usuario: process.env.AMELIA_USUARIO || 'ferreteria',
  clave: process.env.AMELIA_CLAVE || 'Demo2026!',
};
const PRODUCTO = process.env.EJEMPLO_PRODUCTO || 'TOR-HEX-14';
const PLAZO_TOTAL_MS = 60_000;
/** Lo que el ejemplo deja para limpiar al final, aunque algo haya fallado antes. */
const RESERVA_LIMPIEZA_MS = 5_000;
const NOMBRE = 'Ejemplo de integración';
const inicio = Date.now();
const TOLERANCIA_FIRMA_S = 5 * 60;

class Fallo extends Error {}

const paso = (texto) => console.log(`\n▶ ${texto}`);
const dato = (nombre, valor) => console.log(`  ${nombre}: ${valor}`);

/** Una llamada JSON a Amelia; un estado que no es 2xx es un Fallo con el mensaje de Amelia ({ msg }). */
async function llamar(metodo, ruta, { cabeceras = {}, cuerpo } = {}) {
  let respuesta;
  try {
    respuesta = await fetch(`${AMELIA}${ruta}`, {
      method: metodo,
      headers: { accept: 'application/json', ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }), ...cabeceras },
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
      signal: AbortSignal.timeout(35_000),
    });
  } catch (error) {
    throw new Fallo(
      `No se pudo conectar con Amelia en ${AMELIA} (${error.cause?.code ?? error.cause?.message ?? error.message}). ¿Está corriendo npm run demo?`,
    );
  }
  const texto = await respuesta.text();
  let datos;
  try {
    datos = texto ? JSON.parse(texto) : {};
  } catch {
    datos = { msg: texto.slice(0, 200) };
  }
  if (!respuesta.ok) {
    const errores = Array.isArray(datos.errores) ? datos.errores.map((e) => `\n    - ${e.mensaje}`).join('') : '';
    throw new Fallo(`${metodo} ${ruta} respondió ${respuesta.status}: ${datos.msg ?? texto}${errores}`);
  }
  return { datos, cabeceras: respuesta.headers, estado: respuesta.status };
}

/**
 * La verificación que todo receptor debe hacer: HMAC-SHA256 con el secreto de "<t>.<cuerpo crudo>", comparado en
 * tiempo constante con v1, y t a menos de 5 minutos de la hora local (una entrega vieja repetida no pasa).
 */
function firmaValida(secreto, cabecera, crudo, ahoraS = Math.floor(Date.now() / 1000)) {
  const partes = {};
  for (const parte of String(cabecera ?? '').split(',')) {
    const i = parte.indexOf('=');
    if (i > 0) partes[parte.slice(0, i).trim()] = parte.slice(i + 1).trim();
  }
  const t = Number(partes.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(partes.v1 ?? '')) return false;
  if (Math.abs(ahoraS - t) > TOLERANCIA_FIRMA_S) return false;
  const esperada = createHmac('sha256', secreto).update(`${partes.t}.`).update(crudo).digest();
  return timingSafeEqual(esperada, Buffer.from(partes.v1, 'hex'));
}

/**
 * Un receptor de webhooks: lee el cuerpo crudo, verifica la firma, descarta las entregas repetidas por
 * Amelia-Delivery y responde 200 de inmediato (el trabajo va después, fuera de la respuesta).
 */
function iniciarReceptor() {
  let secreto;
  const vistas = new Set();
  const esperando = [];
  const recibidas = [];
  const servidor = http.createServer((req, res) => {
    const trozos = [];
    req.on('data', (trozo) => trozos.push(trozo));
    req.on('end', () => {
      const crudo = Buffer.concat(trozos);
      if (req.method !== 'POST' || !secreto || !firmaValida(secreto, req.headers['amelia-signature'], crudo)) {
        res.writeHead(401).end('firma no válida');
        return;
      }
      res.writeHead(200).end('ok');
      const entrega = String(req.headers['amelia-delivery']);
      if (vistas.has(entrega)) return;
      vistas.add(entrega);
      const recibida = { entrega, evento: req.headers['amelia-event'], firma: req.headers['amelia-signature'], cuerpo: JSON.parse(crudo) };
      recibidas.push(recibida);
      for (const e of [...esperando]) if (e.condicion(recibida)) e.resolver(recibida);
    });
  });
  return new Promise((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${servidor.address().port}/webhooks/amelia`,
        usarSecreto: (s) => (secreto = s),
        /** La primera entrega verificada que cumple `condicion` (ya llegada o por llegar), o un Fallo pasado `ms`. */
        esperar(condicion, ms) {
          const ya = recibidas.find(condicion);
          if (ya) return Promise.resolve(ya);
          return new Promise((resolver, rechazar) => {
            const e = { condicion, resolver: (r) => (clearTimeout(reloj), resolver(r)) };
            const reloj = setTimeout(() => {
              esperando.splice(esperando.indexOf(e), 1);
              rechazar(new Fallo(`El webhook no llegó en ${ms / 1000} s: revise el registro de entregas en Webhooks.`));
            }, ms);
            esperando.push(e);
          });
        },
        cerrar: () => new Promise((r) => servidor.close(() => r())),
      }),
    );
  });
}

/** Una cédula válida al azar (provincia, tercer dígito y dígito verificador): un comprador nuevo en cada ejecución. */
function cedulaNueva() {
  const d = [
    ...String(randomInt(1, 25)).padStart(2, '0'),
    String(randomInt(0, 6)),
    ...Array.from({ length: 6 }, () => String(randomInt(0, 10))),
  ].map(Number);
  const suma = d.reduce((s, n, i) => {
    const p = n * (i % 2 === 0 ? 2 : 1);
    return s + (p > 9 ? p - 9 : p);
  }, 0);
  return [...d, (10 - (suma % 10)) % 10].join('');
}

/** Una ejecución interrumpida (Ctrl+C) deja su webhook y su clave: se eliminan y se revocan antes de empezar. */
async function limpiarEjecucionesAnteriores(token) {
  const filtro = (f) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
  const { datos: webhooks } = await llamar('GET', '/api/webhooks', { cabeceras: token });
  for (const w of webhooks.filter((w) => w.WEB_DESCRIPCION === NOMBRE))
    await llamar('DELETE', `/api/webhooks/${w.WEB_CODIGO}`, { cabeceras: token });
  const { datos: claves } = await llamar('GET', `/api/clavesApi?${filtro({ q: NOMBRE, revocada: false })}`, { cabeceras: token });
  for (const c of claves.filter((c) => c.CLA_NOMBRE === NOMBRE))
    await llamar('POST', `/api/clavesApi/${c.CLA_CODIGO}/revocar`, { cabeceras: token });
}

async function main() {
  const limpieza = [];
  let receptor;
  try {
    paso(`Inicio de sesión en ${AMELIA} como ${CUENTA.usuario} (RUC ${CUENTA.ruc})`);
    const { datos: sesion } = await llamar('POST', '/api/EmpresasAmelia/login', { cuerpo: CUENTA });
    const token = { 'x-token': sesion.usuario.token };
    limpieza.push(() => llamar('POST', '/api/EmpresasAmelia/logout', { cabeceras: token }));

    await limpiarEjecucionesAnteriores(token);

    paso(`Clave de API «${NOMBRE}» (alcances leer y emitir)`);
    const { datos: clave } = await llamar('POST', '/api/clavesApi', {
      cabeceras: token,
      cuerpo: { CLA_NOMBRE: NOMBRE, CLA_ALCANCES: ['leer', 'emitir'] },
    });
    limpieza.push(() => llamar('POST', `/api/clavesApi/${clave.CLA_CODIGO}/revocar`, { cabeceras: token }));
    dato('clave', `${clave.CLA_PREFIJO}… (se muestra una sola vez; aquí no se imprime entera)`);
    const conClave = { authorization: `Bearer ${clave.clave}` };

    paso('Receptor de webhooks en esta máquina');
    receptor = await iniciarReceptor();
    const { datos: webhook } = await llamar('POST', '/api/webhooks', {
      cabeceras: token,
      cuerpo: { WEB_URL: receptor.url, WEB_EVENTOS: ['comprobante.autorizado'], WEB_DESCRIPCION: NOMBRE },
    });
    limpieza.push(() => llamar('DELETE', `/api/webhooks/${webhook.WEB_CODIGO}`, { cabeceras: token }));
    receptor.usarSecreto(webhook.secreto);
    dato('URL', receptor.url);
    dato('eventos', webhook.WEB_EVENTOS.join(', '));

    paso(`Factura en una llamada: comprador nuevo por cédula, una línea por el código ${PRODUCTO} y una de texto libre`);
    const factura = {
      comprador: {
        identificacion: cedulaNueva(),
        razonSocial: 'CLIENTE DEL EJEMPLO DE INTEGRACIÓN',
        email: 'cliente@ejemplo.ec',
      },
      items: [
        { codigo: PRODUCTO, cantidad: 2 },
        { descripcion: 'Corte a medida', cantidad: 1, precioUnitario: '1.50', iva: '4' },
      ],
      camposAdicionales: [{ nombre: 'Caja', valor: NOMBRE }],
    };
    const idempotencia = { 'idempotency-key': `ejemplo-${randomUUID()}` };
    dato('Idempotency-Key', idempotencia['idempotency-key']);
    const pedir = () =>
      llamar('POST', '/api/facturas/emision?esperar=10', { cabeceras: { ...conClave, ...idempotencia }, cuerpo: factura });
    const primera = await pedir();
    const emitida = primera.datos;
    dato('respuesta', `${primera.estado}`);
    dato('número', emitida.numero);
    dato('clave de acceso', emitida.claveAcceso);
    dato('estado', emitida.estado);
    dato('total', emitida.importeTotal);
    dato(
      'comprador',
      `${emitida.receptor.identificacion} ${emitida.receptor.razonSocial} (${emitida.receptor.creado ? 'nuevo' : 'ya existía'})`,
    );
    dato('RIDE', `${AMELIA}${emitida.enlaces.ride}`);

    paso('El mismo pedido otra vez, con la misma Idempotency-Key (un reintento tras un corte de red)');
    const segunda = await pedir();
    if (segunda.cabeceras.get('idempotent-replayed') !== 'true' || segunda.datos.id !== emitida.id) {
      throw new Fallo('El reintento no repitió la primera respuesta: ¿se emitió dos veces?');
    }
    dato('respuesta', `${segunda.estado}, Idempotent-Replayed: true, la misma factura ${segunda.datos.numero} (no se emitió otra)`);

    paso('Esperando el webhook comprobante.autorizado de esa factura');
    const recibida = await receptor.esperar(
      (r) => r.evento === 'comprobante.autorizado' && r.cuerpo.comprobante?.id === emitida.id,
      Math.max(1_000, inicio + PLAZO_TOTAL_MS - RESERVA_LIMPIEZA_MS - Date.now()),
    );
    dato('Amelia-Event', recibida.evento);
    dato('Amelia-Delivery', recibida.entrega);
    dato('Amelia-Signature', `${recibida.firma} (firma verificada)`);
    console.log(JSON.stringify(recibida.cuerpo, null, 2).replace(/^/gm, '  '));
    if (recibida.cuerpo.comprobante.estado !== 'AUTORIZADA')
      throw new Fallo(`El webhook trae el estado ${recibida.cuerpo.comprobante.estado}`);
    console.log(`\n✔ Factura ${emitida.numero} AUTORIZADA y su webhook verificado.`);
  } finally {
    paso('Limpieza: se elimina el webhook, se revoca la clave y se cierra la sesión');
    for (const deshacer of limpieza.reverse()) {
      try {
        await deshacer();
      } catch (error) {
        console.error(`  ${error.message}`);
      }
    }
    await receptor?.cerrar();
  }
}

const reloj = setTimeout(() => {
  console.error(`\n✘ El ejemplo no terminó en ${PLAZO_TOTAL_MS / 1000} s.`);
  process.exit(1);
}, PLAZO_TOTAL_MS);

main().then(
  () => {
    clearTimeout(reloj);
    process.exit(0);
  },
  (error) => {
    clearTimeout(reloj);
    console.error(`\n✘ ${error instanceof Fallo ? error.message : (error.stack ?? error)}`);
    process.exit(1);
  },
);
