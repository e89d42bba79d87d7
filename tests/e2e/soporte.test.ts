/**
 * Support tickets in Chromium, as their users see them: the public form of #/administrador/soporteTicket (the
 * customer lookup, with an SRI-like stub over real HTTP; validation; filing a ticket with an attachment and the
 * mails it sends), and the administrators' desk (list, search, a ticket's page, assignment, lifecycle, download,
 * stored XSS, deletion) and the product catalogue.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiUpload, e2eAvailable, e2eSuite, expectProblem, outbox, screenshot, screenshotsAtTwoWidths } from '../helpers/e2e';
import { acceptMessage, adminToken, expectMessage, loginAdmin, open, waitForRoute } from '../helpers/browser';
import { optionTexts, SRI, SRI_TAXPAYER, startTaxpayerStub, tempFiles, ticketForm, zipBytes } from '../helpers/soporte';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { TICKET_FILE } from '../../domain/archivos';
import { TICKET_MSG } from '../../domain/tickets';
import { CONTACTO_MSG } from '../../domain/contacto';

const TICKET_PAGE = '/administrador/soporteTicket';
const SUPPORT_ADDRESS = 'soporte@amelia.ec'; // configuraciones 3 (migration 0002)
const ANDINA = { ruc: DEMO.empresa.ruc, nombre: 'COMERCIAL ANDINA S.A.', correo: 'facturacion@comercialandina.ec', telefono: '022345678' };
/** How the lookup shows Andina's and the SRI taxpayer's email and phone to someone who has not signed in. */
const ANDINA_OCULTO = { correo: 'fa•••@co•••.ec', telefono: '•••• 5678' };
const SRI_OCULTO = { correo: 'co•••@im•••.ec', telefono: '•••• 5678' };
const ATTACHMENT = 'facturas-año-2026.zip';

type Product = { PROD_ID: number; PROD_NOMBRE: string };
type Created = { SPT_ID: number; tokenArchivo: string };

describe.skipIf(!e2eAvailable)('soporte: ticket público y mesa de ayuda', () => {
  let stub: Awaited<ReturnType<typeof startTaxpayerStub>>;
  beforeAll(async () => {
    stub = await startTaxpayerStub();
  });
  const suite = e2eSuite(() => ({ TAXPAYER_LOOKUP_URL: stub.url }));
  const files = tempFiles();

  const freshPage = async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    return page;
  };

  const openTicketPage = async () => {
    const page = await freshPage();
    await open(page, suite.server, TICKET_PAGE);
    const form = ticketForm(page);
    // The products arrive from GET productos and the editor is loaded lazily: wait for both.
    await page.locator('#SPT_PRODUCTOS option:not([value=""])').first().waitFor({ state: 'attached' });
    await form.message.waitFor();
    return { page, form };
  };

  /** A sidebar entry of the admin area. */
  const sidebar = (page: Page, name: string) => page.locator('.RaSidebar-fixed').getByRole('menuitem', { name, exact: true });

  /**
   * An administrator signed in through #/administrador/login. Waits for the area's sidebar: the login page's own
   * redirects to #/administrador land a few milliseconds after the first one, and would undo a deep link opened
   * at once.
   */
  const adminPage = async () => {
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebar(page, 'Tickets de soporte').waitFor();
    return page;
  };

  /** The rows of the react-admin list on screen. */
  const listRows = (page: Page) => page.locator('.RaDataTable-table tbody tr, .RaDatagrid-table tbody tr');

  const ticketChip = (page: Page) =>
    page.locator('h1', { hasText: /^Ticket #\d+$/ }).locator('xpath=following-sibling::*[contains(@class, "MuiChip-root")]');
  const historyEntries = (page: Page) => page.getByRole('list', { name: 'Historial del ticket' }).getByRole('listitem');

  /** Files a ticket through the API (as the public form does), for the desk's scenarios that need another one. */
  const fileTicketByApi = (body: Partial<Record<string, unknown>>) =>
    apiCall<Created>(suite.server, '/soporte', {
      method: 'POST',
      body: {
        SPT_PRODUCTOS: 1,
        SPT_RUC: ANDINA.ruc,
        SPT_CLIENTENOMBRE: ANDINA.nombre,
        SPT_CLIENTECORREO: ANDINA.correo,
        SPT_CLIENTETELEFONO: ANDINA.telefono,
        SPT_ASUNTO: 'stec',
        SPT_MENSAJE: '<p>No puedo emitir facturas</p>',
        ...body,
      },
    });

  /** A ticket as the public form files it (message with bold text, a .zip attachment), for the taxpayer the SRI stub knows. */
  const fileCustomerTicket = async () => {
    const created = await fileTicketByApi({
      SPT_RUC: SRI.found,
      SPT_CLIENTENOMBRE: SRI_TAXPAYER.razonSocial,
      SPT_CLIENTECORREO: SRI_TAXPAYER.email,
      SPT_CLIENTETELEFONO: SRI_TAXPAYER.telefono,
      SPT_MENSAJE: '<p>No puedo enviar <strong>la factura 001-001-000000123</strong> al SRI.</p>',
    });
    const content = zipBytes('facturas de marzo');
    files.write(ATTACHMENT, content);
    await apiUpload(suite.server, `/soporte/docCli/${created.SPT_ID}`, { name: ATTACHMENT, content }, created.tokenArchivo);
    return { id: created.SPT_ID, attachment: ATTACHMENT };
  };

  /** What the desk's summary should say now, from GET soporte/resumen. */
  const summaryFromApi = async () => {
    const token = await adminToken(suite.server, DEMO.admin);
    const counts = await apiCall<{ pendientes: number; sinAsesor: number }>(suite.server, '/soporte/resumen', { token });
    return `${counts.pendientes} tickets pendientes · ${counts.sinAsesor} sin asesor`;
  };

  afterAll(async () => {
    await stub?.close();
    files.cleanup();
  });

  describe('formulario público (#/administrador/soporteTicket)', () => {
    it('muestra Regresar, la ruta Inicio / Soporte / Ticket, los productos de GET productos, y Buscar se habilita con 10 caracteres', async () => {
      const { page, form } = await openTicketPage();
      await page.getByRole('button', { name: 'Regresar', exact: true }).waitFor();
      const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
      expect((await breadcrumb.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['Inicio', 'Soporte', 'Ticket']);
      expect(await breadcrumb.getByRole('link', { name: 'Inicio' }).isVisible()).toBe(true);

      const products = await apiCall<Product[]>(suite.server, '/productos');
      expect(products.length).toBeGreaterThan(0);
      expect(await optionTexts(page, '#SPT_PRODUCTOS')).toEqual(products.map((p) => p.PROD_NOMBRE));

      expect(await form.search.isDisabled()).toBe(true);
      await form.id.fill('179001691');
      expect(await form.search.isDisabled()).toBe(true);
      await form.id.fill('1790016919');
      expect(await form.search.isEnabled()).toBe(true);
      await form.id.fill('');
      expect(await form.search.isDisabled()).toBe(true);
      // No horizontal scrollbar (a hidden file input can stretch the page past 1280 px).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await screenshot(page, 'ticket-publico');
    });

    it('Buscar: 11 dígitos no es un largo válido; el RUC de una empresa registrada llena el nombre y muestra su correo y teléfono ocultos', async () => {
      const { page, form } = await openTicketPage();
      const before = stub.requests.length;
      await form.id.fill('17900169190');
      await form.search.click();
      await expectMessage(page, MSG.customerNotFoundTitle, MSG.idLength);
      await acceptMessage(page);

      await form.id.fill(ANDINA.ruc);
      await form.search.click();
      await expect.poll(() => form.name.inputValue()).toBe(ANDINA.nombre);
      // The ones on record are a hint under empty fields: the customer types their own.
      await expect
        .poll(() => page.locator('#SPT_CLIENTECORREO-help').innerText())
        .toBe(CONTACTO_MSG.correoRegistrado(ANDINA_OCULTO.correo));
      expect(await page.locator('#SPT_CLIENTETELEFONO-help').innerText()).toBe(CONTACTO_MSG.telefonoRegistrado(ANDINA_OCULTO.telefono));
      expect(await form.email.inputValue()).toBe('');
      expect(await form.phone.inputValue()).toBe('');
      expect(await page.content()).not.toContain(ANDINA.correo);
      // A company of ours is found locally: the SRI is not asked.
      expect(stub.requests.length).toBe(before);
      // Another RUC typed: the hints were for the one looked up.
      await form.id.fill('1790016919');
      expect((await page.locator('#SPT_CLIENTECORREO-help').innerText()).trim()).toBe('');
    });

    it('Buscar con la sesión de un administrador abierta en el navegador llena el correo y el teléfono completos', async () => {
      const page = await adminPage();
      await open(page, suite.server, TICKET_PAGE);
      const form = ticketForm(page);
      await page.locator('#SPT_PRODUCTOS option:not([value=""])').first().waitFor({ state: 'attached' });
      await form.message.waitFor();
      await form.id.fill(ANDINA.ruc);
      await form.search.click();
      await expect.poll(() => form.name.inputValue()).toBe(ANDINA.nombre);
      await expect.poll(() => form.email.inputValue()).toBe(ANDINA.correo);
      expect(await form.phone.inputValue()).toBe(ANDINA.telefono);
      expect((await page.locator('#SPT_CLIENTECORREO-help').innerText()).trim()).toBe('');
    });

    it('Buscar: un RUC que no es nuestro se consulta al SRI (encontrado, no registrado, sin servicio)', async () => {
      const { page, form } = await openTicketPage();
      await form.id.fill(SRI.found);
      await form.search.click();
      await expect.poll(() => form.name.inputValue()).toBe(SRI_TAXPAYER.razonSocial);
      await expect.poll(() => page.locator('#SPT_CLIENTECORREO-help').innerText()).toBe(CONTACTO_MSG.correoRegistrado(SRI_OCULTO.correo));
      expect(await page.locator('#SPT_CLIENTETELEFONO-help').innerText()).toBe(CONTACTO_MSG.telefonoRegistrado(SRI_OCULTO.telefono));
      expect(await form.email.inputValue()).toBe('');
      expect(await form.phone.inputValue()).toBe('');
      expect(stub.requests).toContain(`/contribuyentes/${SRI.found}`);

      await form.id.fill(SRI.notRegistered);
      await form.search.click();
      await expectMessage(page, MSG.customerNotFoundTitle, MSG.customerNotFound);
      await acceptMessage(page);
      expect(stub.requests).toContain(`/contribuyentes/${SRI.notRegistered}`);

      // The stand-in drops this RUC's connection: the server answers 503, the SRI has no service.
      expectProblem(page, { status: 503, url: new RegExp(`/soporte/datosSoporteCliente/${SRI.unreachable}$`) });
      await form.id.fill(SRI.unreachable);
      await form.search.click();
      await expectMessage(page, MSG.customerNotFoundTitle, MSG.sriUnavailable);
      await acceptMessage(page);
      expect(stub.requests).toContain(`/contribuyentes/${SRI.unreachable}`);
      await form.search.getByText('Buscar', { exact: true }).waitFor();
    });

    it('valida: campos vacíos, mensaje vacío, tipo y peso del adjunto', async () => {
      const { page, form } = await openTicketPage();
      await form.send.click();
      await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
      await screenshot(page, 'ticket-publico-validacion');
      await acceptMessage(page);
      // Product, RUC, name, e-mail and subject are required; the phone is not.
      const invalid = page.locator('.am-field--error');
      expect((await invalid.locator(':scope > label').allInnerTexts()).map((t) => t.trim())).toEqual([
        'Producto',
        'RUC o cédula',
        'Nombre del cliente',
        'Correo electrónico',
        'Asunto',
      ]);

      await form.product.selectOption({ index: 1 });
      await form.id.fill(ANDINA.ruc);
      await form.search.click();
      await expect.poll(() => form.name.inputValue()).toBe(ANDINA.nombre);
      await form.subject.selectOption('stec');
      // The lookup shows the email on record masked: the customer must type theirs, not the masked one.
      await expect.poll(() => invalid.locator(':scope > label').allInnerTexts()).toEqual(['Correo electrónico']);
      await form.email.fill(ANDINA_OCULTO.correo);
      await expect.poll(() => page.locator('#SPT_CLIENTECORREO-help').innerText()).toBe(CONTACTO_MSG.correoOculto);
      await form.email.fill(ANDINA.correo);
      await expect.poll(() => invalid.count()).toBe(0);
      await form.send.click();
      await expectMessage(page, MSG.warningTitle, MSG.ticketEmptyText);
      await acceptMessage(page);
      // A phone of 7 to 10 characters, or none.
      await form.phone.fill('260012');
      await form.send.click();
      await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
      await acceptMessage(page);
      expect(await page.locator('#SPT_CLIENTETELEFONO-help').innerText()).toBe(TICKET_MSG.phoneLength);
      await form.phone.fill('');
      await form.send.click();
      await expectMessage(page, MSG.warningTitle, MSG.ticketEmptyText);
      await acceptMessage(page);

      for (const name of ['x.7z', 'x.txt']) {
        await form.file.setInputFiles(files.write(name, 'no es un zip'));
        await expectMessage(page, MSG.warningTitle, MSG.ticketFileType);
        await acceptMessage(page);
        expect(await form.fileName.innerText()).toBe('Ningún archivo seleccionado');
        expect(await form.file.inputValue()).toBe('');
      }

      // Sparse files: the test never writes or holds 50 MB. Exactly the limit is accepted...
      await form.file.setInputFiles(files.sparse('limite.zip', TICKET_FILE.maxBytes));
      await expect.poll(() => form.fileName.innerText()).toMatch(/^limite\.zip \(48\.4 MB\)$/);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      // A path (not a buffer): a local Chromium is handed the path and reads only the size.
      const big = files.sparse('grande.zip', TICKET_FILE.maxBytes + 1);
      const stat = fs.statSync(big);
      expect(stat.size).toBe(50_769_299);
      expect(stat.blocks * 512).toBeLessThan(1024 * 1024); // sparse: nothing was written
      await form.file.setInputFiles(big);
      await expectMessage(page, MSG.warningTitle, MSG.ticketFileSize);
      await acceptMessage(page);
      expect(await form.fileName.innerText()).toBe('Ningún archivo seleccionado');
      expect(await form.file.inputValue()).toBe('');
    });

    it('envía un ticket con un .zip y el mensaje del editor: Enviado, la página vuelve vacía, y salen los dos correos', async () => {
      const { page, form } = await openTicketPage();
      const products = await apiCall<Product[]>(suite.server, '/productos');
      await form.product.selectOption({ label: products[0].PROD_NOMBRE });
      await form.id.fill(SRI.found);
      await form.search.click();
      await expect.poll(() => form.name.inputValue()).toBe(SRI_TAXPAYER.razonSocial);
      // The lookup shows them masked: the customer types their own email and phone.
      await form.email.fill(SRI_TAXPAYER.email);
      await form.phone.fill(SRI_TAXPAYER.telefono);
      await form.subject.selectOption({ label: 'Soporte Técnico' });

      // The toolbar hands the focus back to the editor one animation frame after a click (TipTap's focus()):
      // wait for it, as a user waits for the caret, before typing on.
      const editorFocused = () => expect.poll(() => form.message.evaluate((el) => el === document.activeElement)).toBe(true);
      await form.message.click();
      await page.keyboard.type('No puedo enviar ');
      await form.bold.click();
      await editorFocused();
      await page.keyboard.type('la factura 001-001-000000123');
      await form.bold.click();
      await editorFocused();
      await page.keyboard.type(' al SRI.');
      expect(await form.message.locator('strong').innerText()).toBe('la factura 001-001-000000123');

      const attachment = files.write(ATTACHMENT, zipBytes('facturas de marzo'));
      await form.file.setInputFiles(attachment);
      await expect.poll(() => form.fileName.innerText()).toContain(ATTACHMENT);

      await form.send.click();
      const dialog = await expectMessage(page, MSG.ticketOkTitle, new RegExp(`^${MSG.ticketOk}\\s+Su número de ticket es el #(\\d+)\\.$`));
      const id = Number((await dialog.locator('.am-dialog__body').innerText()).match(/#(\d+)/)![1]);
      await screenshot(page, 'ticket-enviado');

      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click();
      await reloaded;
      await form.message.waitFor();
      await waitForRoute(page, TICKET_PAGE);
      for (const input of [form.product, form.id, form.name, form.email, form.phone, form.subject])
        expect(await input.inputValue()).toBe('');
      expect((await form.message.innerText()).trim()).toBe('');
      expect(await form.fileName.innerText()).toBe('Ningún archivo seleccionado');

      await expect.poll(async () => (await outbox(suite.server.dataDir)).filter((m) => m.subject.includes(`#${id}`)).length).toBe(2);
      const mails = (await outbox(suite.server.dataDir)).filter((m) => m.subject.includes(`#${id}`));
      const customer = mails.find((m) => m.to.includes(SRI_TAXPAYER.email));
      expect(customer?.subject).toContain(`ticket de soporte #${id}`);
      expect(customer?.text).toContain(`#${id}`);
      expect(customer?.text).toContain('la factura 001-001-000000123');
      expect(customer?.text).toContain(ATTACHMENT);
      const notice = mails.find((m) => m.to.includes(SUPPORT_ADDRESS));
      expect(notice?.subject).toContain(SRI_TAXPAYER.razonSocial);
      expect(notice?.text).toContain(SRI.found);
    });
  });

  describe('mesa de ayuda (administrador)', () => {
    it('lista, busca y abre el ticket; asigna asesor, lo toma, descarga el adjunto, lo resuelve y lo reabre', async () => {
      const { id, attachment } = await fileCustomerTicket();
      await fileTicketByApi({});

      const page = await adminPage();
      await sidebar(page, 'Tickets de soporte').click();
      await waitForRoute(page, '/administrador/soporte');
      const summary = page.getByLabel('Resumen de tickets');
      const expected = await summaryFromApi();
      await expect.poll(() => summary.innerText()).toContain(expected);
      // Newest first: the two tickets this scenario filed.
      await expect.poll(() => listRows(page).count()).toBeGreaterThanOrEqual(2);
      expect(await listRows(page).first().innerText()).toContain(ANDINA.nombre);
      expect(await listRows(page).nth(1).innerText()).toContain(SRI_TAXPAYER.razonSocial);
      await screenshot(page, 'mesa-lista');

      await page.getByPlaceholder('Cliente, RUC o número').fill('pacifico');
      await expect.poll(async () => (await listRows(page).allInnerTexts()).some((t) => t.includes(ANDINA.nombre))).toBe(false);
      for (const text of await listRows(page).allInnerTexts()) expect(text).toContain(SRI_TAXPAYER.razonSocial);
      const row = listRows(page).filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
      await row.getByText(SRI_TAXPAYER.razonSocial).click();
      await waitForRoute(page, `/administrador/soporte/${id}/show`);

      await page.getByRole('heading', { name: `Ticket #${id}` }).waitFor();
      expect(await ticketChip(page).innerText()).toBe('Abierto');
      const message = page.locator('.ticket-message');
      expect(await message.locator('strong').innerText()).toBe('la factura 001-001-000000123');
      expect((await message.innerText()).replace(/\s+/g, ' ').trim()).toBe('No puedo enviar la factura 001-001-000000123 al SRI.');
      for (const text of [SRI_TAXPAYER.razonSocial, SRI.found, SRI_TAXPAYER.email, SRI_TAXPAYER.telefono]) {
        await page.getByText(text, { exact: true }).first().waitFor();
      }
      await page.getByText(`${attachment} · 1 kB`, { exact: true }).waitFor();
      const history = historyEntries(page);
      await expect.poll(() => history.count()).toBe(2);
      expect(await history.nth(0).innerText()).toContain('Ticket creado desde el formulario público');
      expect(await history.nth(1).innerText()).toContain(`El cliente adjuntó el archivo ${attachment}`);
      await screenshot(page, 'mesa-ticket');

      await page.getByRole('combobox', { name: 'Asesor asignado' }).click();
      await page.getByRole('option', { name: 'Daniela Cevallos', exact: true }).click();
      await expect.poll(() => history.count()).toBe(3);
      expect(await history.nth(2).innerText()).toContain('Ticket asignado a Daniela Cevallos');
      expect(await page.getByRole('combobox', { name: 'Asesor asignado' }).innerText()).toBe('Daniela Cevallos');

      await page.getByRole('button', { name: 'Tomar (en proceso)', exact: true }).click();
      await expect.poll(() => ticketChip(page).innerText()).toBe('En proceso');
      await expect.poll(() => history.count()).toBe(4);
      expect(await history.nth(3).innerText()).toContain('Estado cambiado de Abierto a En proceso');
      await screenshot(page, 'mesa-ticket-en-proceso');

      const original = fs.readFileSync(`${files.dir}/${attachment}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Descargar ${attachment}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(attachment);
      expect(fs.readFileSync((await download.path())!).equals(original)).toBe(true);

      await expect
        .poll(async () => (await outbox(suite.server.dataDir)).filter((m) => m.to.includes(SRI_TAXPAYER.email)).map((m) => m.subject))
        .toContain(`Su ticket #${id} cambió a En proceso`);
      const stateMail = (await outbox(suite.server.dataDir)).find((m) => m.subject === `Su ticket #${id} cambió a En proceso`)!;
      expect(stateMail.text).toContain('cambió a En proceso');
      // The adviser is told about the assignment.
      expect(
        (await outbox(suite.server.dataDir)).some((m) => m.to.includes('daniela.cevallos@amelia.ec') && m.subject.includes(`#${id}`)),
      ).toBe(true);

      await page.getByRole('button', { name: 'Marcar como resuelto', exact: true }).click();
      await expect.poll(() => ticketChip(page).innerText()).toBe('Resuelto');
      await page.getByRole('button', { name: 'Reabrir', exact: true }).click();
      await expect.poll(() => ticketChip(page).innerText()).toBe('Reabierto');
      await expect.poll(() => history.count()).toBe(6);
      expect(await history.nth(4).innerText()).toContain('Estado cambiado de En proceso a Resuelto');
      expect(await history.nth(5).innerText()).toContain('Estado cambiado de Resuelto a Reabierto');
      // From Reabierto it can be taken again.
      await page.getByRole('button', { name: 'Tomar (en proceso)', exact: true }).waitFor();
    });

    it('la conversación: cada respuesta vacía el editor y se suma al hilo en orden; cerrado pide reabrir antes de responder', async () => {
      const { SPT_ID: id } = await fileTicketByApi({
        SPT_CLIENTENOMBRE: 'Cliente de la conversación',
        SPT_MENSAJE: '<p>Mi factura 001-001-000000456 no se autoriza.</p>',
      });
      const page = await adminPage();
      await open(page, suite.server, `/administrador/soporte/${id}/show`);
      await page.getByRole('heading', { name: `Ticket #${id}` }).waitFor();
      const thread = page.getByRole('list', { name: 'Conversación del ticket' }).getByRole('listitem');
      const editor = page.locator('.ProseMirror');
      const send = page.getByRole('button', { name: 'Enviar respuesta', exact: true });
      const answer = async (text: string, count: number) => {
        await editor.click();
        await page.keyboard.type(text);
        await send.click();
        await expect.poll(() => thread.count()).toBe(count);
        // The editor is empty again, ready for the next reply.
        await expect.poll(async () => (await editor.innerText()).trim()).toBe('');
      };
      await expect.poll(() => thread.count()).toBe(1);
      expect(await thread.nth(0).innerText()).toMatch(/Cliente de la conversación\s*Cliente · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await thread.nth(0).innerText()).toContain('Mi factura 001-001-000000456 no se autoriza.');

      await answer('Primera respuesta: reinstale el certificado.', 2);
      await answer('Segunda respuesta: ya puede emitir.', 3);
      const token = await adminToken(suite.server, DEMO.admin);
      const { hilo } = await apiCall<{ hilo: Array<{ autor: string }> }>(suite.server, `/soporte/${id}`, { token });
      const texts = await thread.allInnerTexts();
      expect(texts[1]).toMatch(
        new RegExp(`^${hilo[1].autor}\\s*Asesor · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s*Primera respuesta: reinstale el certificado\\.$`),
      );
      expect(texts[2]).toContain('Segunda respuesta: ya puede emitir.');
      await screenshotsAtTwoWidths(page, 'soporte-conversacion');

      await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect.poll(() => ticketChip(page).innerText()).toBe('Cerrado');
      await page.getByText(TICKET_MSG.closedNote, { exact: true }).waitFor();
      expect(await editor.count()).toBe(0);
      expect(await send.count()).toBe(0);
      expect(await thread.count()).toBe(3);
      await screenshotsAtTwoWidths(page, 'soporte-cerrado');

      await page.getByRole('button', { name: 'Reabrir ticket', exact: true }).click();
      await expect.poll(() => ticketChip(page).innerText()).toBe('Reabierto');
      expect(await page.getByText(TICKET_MSG.closedNote, { exact: true }).count()).toBe(0);
      await answer('Tercera respuesta, tras reabrir.', 4);
      expect((await thread.allInnerTexts()).slice(1).map((t) => t.split('\n').at(-1)!.trim())).toEqual([
        'Primera respuesta: reinstale el certificado.',
        'Segunda respuesta: ya puede emitir.',
        'Tercera respuesta, tras reabrir.',
      ]);
      const mails = (await outbox(suite.server.dataDir)).filter((m) => m.subject === `Respuesta a su ticket #${id}`);
      expect(mails).toHaveLength(3);
    });

    it('un ticket con HTML malicioso (XSS almacenado) se muestra sin ejecutar nada', async () => {
      const xss = await fileTicketByApi({
        SPT_CLIENTENOMBRE: 'Cliente de prueba XSS',
        SPT_MENSAJE:
          '<p>hola</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">x</a>',
      });
      const page = await adminPage();
      await open(page, suite.server, `/administrador/soporte/${xss.SPT_ID}/show`);
      const message = page.locator('.ticket-message');
      await message.getByText('hola', { exact: true }).waitFor();
      // The javascript: link keeps its text but loses its href; clicking it does nothing.
      const link = message.locator('a', { hasText: /^x$/ });
      expect(await link.getAttribute('href')).toBeNull();
      await link.click();
      expect(await message.locator('img, script').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    });

    it('Eliminar pide confirmación y vuelve a la lista sin el ticket', async () => {
      // Another ticket keeps the list from being empty once the doomed one is gone.
      await fileTicketByApi({ SPT_CLIENTENOMBRE: 'Cliente que se queda' });
      const doomed = await fileTicketByApi({ SPT_CLIENTENOMBRE: 'Cliente que se elimina' });
      const page = await adminPage();
      await open(page, suite.server, `/administrador/soporte/${doomed.SPT_ID}/show`);
      await page.getByRole('heading', { name: `Ticket #${doomed.SPT_ID}` }).waitFor();
      await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('heading', { name: `Eliminar el ticket #${doomed.SPT_ID}` }).waitFor();
      await confirm.getByRole('button', { name: 'Confirmar', exact: true }).click();
      await waitForRoute(page, '/administrador/soporte');
      await expect.poll(() => listRows(page).count()).toBeGreaterThan(0);
      expect(await listRows(page).allInnerTexts()).not.toContainEqual(expect.stringContaining('Cliente que se elimina'));
      const token = await adminToken(suite.server, DEMO.admin);
      await expect(apiCall(suite.server, `/soporte/${doomed.SPT_ID}`, { token })).rejects.toThrow(/^404 /);
    });

    it('Productos: un producto nuevo aparece en el formulario público y desactivado desaparece', async () => {
      const page = await adminPage();
      await sidebar(page, 'Productos').click();
      await waitForRoute(page, '/administrador/productos');
      await expect.poll(() => listRows(page).count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Crear', exact: true }).click();
      await waitForRoute(page, '/administrador/productos/create');
      await page.getByRole('textbox', { name: /^Nombre/ }).fill('Amelia Nómina');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await waitForRoute(page, '/administrador/productos');
      const row = listRows(page).filter({ hasText: 'Amelia Nómina' });
      await row.waitFor();
      await screenshot(page, 'productos');

      const publicPage = await openTicketPage();
      expect(await optionTexts(publicPage.page, '#SPT_PRODUCTOS')).toContain('Amelia Nómina');

      await row.getByText('Amelia Nómina', { exact: true }).click();
      await page.waitForURL((url) => /^#\/administrador\/productos\/\d+$/.test(url.hash));
      const active = page.getByRole('switch', { name: /^Activo/ }).or(page.getByRole('checkbox', { name: /^Activo/ }));
      expect(await active.isChecked()).toBe(true);
      await active.uncheck();
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await waitForRoute(page, '/administrador/productos');

      await publicPage.page.reload();
      await publicPage.page.locator('#SPT_PRODUCTOS option:not([value=""])').first().waitFor({ state: 'attached' });
      const options = await optionTexts(publicPage.page, '#SPT_PRODUCTOS');
      expect(options).not.toContain('Amelia Nómina');
      expect(options).toEqual((await apiCall<Product[]>(suite.server, '/productos')).map((p) => p.PROD_NOMBRE));
    });
  });
});
