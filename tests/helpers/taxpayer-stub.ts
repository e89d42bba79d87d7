import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** RUCs the stand-in knows, each with the answer a real taxpayer lookup can give. None is a demo company. */
export const SRI_RUC = {
  /** 200 with an array holding the taxpayer, as the SRI's consolidated-taxpayer query answers. */
  found: '1791251237001',
  /** 200 with a bare object and no email or phone. */
  foundNoContact: '1768152560001',
  /** 404: not registered. */
  notRegistered: '1799999999001',
  /** 500: the service is failing. */
  failing: '0990000000001',
  /** Never answers (the app's timeout decides). */
  slow: '0990000001001',
  /** 200 with an HTML maintenance page. */
  notJson: '0990000002001',
  /** The connection is dropped without an answer. */
  dropped: '0990000003001',
} as const;

export const SRI_TAXPAYER = {
  numeroRuc: SRI_RUC.found,
  razonSocial: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  nombreComercial: 'IMPAC',
  estadoContribuyenteRuc: 'ACTIVO',
  actividadEconomicaPrincipal: 'VENTA AL POR MAYOR',
  tipoContribuyente: 'SOCIEDAD',
  obligadoLlevarContabilidad: 'SI',
  email: 'contabilidad@impac.ec',
  telefono: '042345678',
} as const;

/** A stand-in for the SRI's taxpayer lookup over real HTTP on 127.0.0.1 (random port): GET /contribuyentes/{ruc}. */
export async function startTaxpayerStub() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const ruc = (req.url ?? '').split('/').pop();
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    switch (ruc) {
      case SRI_RUC.found:
        return json(200, [SRI_TAXPAYER]);
      case SRI_RUC.foundNoContact:
        return json(200, { numeroRuc: ruc, razonSocial: 'EMPRESA PUBLICA DE AGUA', estadoContribuyenteRuc: 'ACTIVO' });
      case SRI_RUC.failing:
        return json(500, { mensaje: 'Error interno' });
      case SRI_RUC.notJson:
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Mantenimiento</html>');
      case SRI_RUC.slow:
        return undefined;
      case SRI_RUC.dropped:
        return req.socket.destroy();
      default:
        return json(404, { mensaje: 'No existe un contribuyente con ese RUC' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/contribuyentes`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
