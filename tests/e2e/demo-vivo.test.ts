/**
 * The living demo in Chromium: a server started on a fresh DATA_DIR with DEMO_VIVO=true (what `npm start` does the first
 * time) shows Comercial Andina's home with its invoices and a plan card whose consumption is exactly the invoices the
 * SRI authorized, and an invoice list with every final state. Screenshots of both at 1366 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import { loginCompany, open, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import type { FacturasEstados } from '../../server/modules/facturas/contract';

describe.skipIf(!e2eAvailable)('la demostración viva del primer arranque', () => {
  const suite = e2eSuite(() => ({ DEMO_VIVO: 'true' }));

  it('el inicio de Comercial Andina muestra sus facturas y un plan que cuenta exactamente las autorizadas', async () => {
    // Ferretería El Tornillo's guía de remisión went through the local SRI too, and its quotes are in every state.
    expect(suite.server.output()).toMatch(
      /Demostración lista en [\d.]+ s: \d+ facturas autorizadas, una guía de remisión AUTORIZADA y 5 ofertas \(BORRADOR, ENVIADA, ACEPTADA, RECHAZADA, VENCIDA\)/,
    );
    const { usuario } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: DEMO.empresa });
    const { estados } = await apiCall<FacturasEstados>(suite.server, '/api/facturas/estados', { token: usuario.token });
    // What the plan paid for: every invoice the SRI authorized, the one annulled since included, and the retención
    // Andina issued on the hardware store's invoice (the demo's purchase side).
    const filtro = encodeURIComponent(JSON.stringify({ FAC_ESTADO: 'AUTORIZADA' }));
    const retenciones = await apiCall<unknown[]>(suite.server, `/api/retenciones?filter=${filtro}`, { token: usuario.token });
    const pagadas = estados.AUTORIZADA! + estados.ANULADA! + retenciones.length;
    expect(estados.AUTORIZADA).toBeGreaterThanOrEqual(10);
    expect([estados.DEVUELTA, estados.RECHAZADA, estados.ANULADA]).toEqual([1, 1, 1]);

    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    await loginCompany(page, suite.server, DEMO.empresa);
    await page.getByText(`${pagadas} de 500 comprobantes usados`).waitFor();
    // The returned one and the refused one, to correct.
    const corregir = page.getByRole('region', { name: 'Facturas' }).locator('[data-atencion="devueltas"]');
    await expect.poll(() => corregir.innerText()).toMatch(/^2\s+para corregir/);
    await screenshotsAtTwoWidths(page, 'demo-vivo-inicio');

    await open(page, suite.server, '/facturas');
    await waitForRoute(page, '/facturas');
    for (const estado of ['Autorizada', 'Anulada', 'Borrador']) await page.getByRole('row').filter({ hasText: estado }).first().waitFor();
    await screenshotsAtTwoWidths(page, 'demo-vivo-facturas');
  });
});
