import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { readSettings, type SettingRow } from '../../domain/configuraciones';
import { checkSettingValue, settingField, settingSummary, SETTING_FORMS, uploadedImageId } from '../../domain/configuraciones-valores';
import { bytesHint, emptyToNull, settingValidator, switchOn, switchValue, telToText } from '../../src/resources/configuraciones/valores';
import { ConfiguracionEdit } from '../../src/resources/configuraciones/ConfiguracionEdit';

const row = (code: number, values: Partial<SettingRow> = {}): SettingRow => ({
  CON_CODIGO: code,
  CON_NOMBRE: `Configuración ${code}`,
  CON_VALOR1: null,
  CON_VALOR2: null,
  CON_VALOR3: null,
  CON_VALOR4: null,
  CON_VALOR5: null,
  CON_VALOR6: null,
  CON_VALOR7: null,
  CON_VALOR8: null,
  ...values,
});

describe('las reglas de cada valor (domain/configuraciones.ts)', () => {
  it('cada configuración conocida nombra sus valores; las demás son "Valor n"', () => {
    expect(settingField(2, 'CON_VALOR1')).toMatchObject({ label: 'Enlace del chat', kind: 'url' });
    expect(settingField(5, 'CON_VALOR8')).toMatchObject({ label: 'Favicon', kind: 'image' });
    expect(settingField(9, 'CON_VALOR1')).toMatchObject({ kind: 'switch' });
    expect(settingField(6, 'CON_VALOR1').choices?.map((c) => c.id)).toEqual(['1', '2']);
    expect(settingField(5, 'CON_VALOR1')).toMatchObject({ label: 'Valor 1', kind: 'text' });
    expect(settingField(42, 'CON_VALOR3')).toMatchObject({ label: 'Valor 3', kind: 'text' });
    for (const form of Object.values(SETTING_FORMS)) expect(form.fields.length).toBeGreaterThan(0);
  });

  it('normaliza lo que guarda y explica lo que rechaza', () => {
    const tel = settingField(2, 'CON_VALOR2');
    expect(checkSettingValue(tel, '+593 2 600-1234')).toEqual({ value: 'tel:+59326001234' });
    expect(checkSettingValue(tel, 'tel:+59326001234')).toEqual({ value: 'tel:+59326001234' });
    expect(checkSettingValue(tel, '12')).toHaveProperty('error');
    const url = settingField(2, 'CON_VALOR3');
    expect(checkSettingValue(url, ' https://www.amelia.ec ')).toEqual({ value: 'https://www.amelia.ec' });
    for (const bad of ['www.amelia.ec', 'javascript:alert(1)', 'ftp://amelia.ec', 'https://', 'https://sin punto']) {
      expect(checkSettingValue(url, bad)).toEqual({
        error: 'El campo «Sitio web» debe ser una dirección web que empiece con https://',
      });
    }
    expect(checkSettingValue(url, '')).toEqual({ value: '' });
    expect(checkSettingValue(url, null)).toEqual({ value: null });
    const sw = settingField(9, 'CON_VALOR1');
    expect(checkSettingValue(sw, 'SI')).toEqual({ value: 'si' });
    expect(checkSettingValue(sw, '')).toEqual({ error: 'El campo «Marca blanca activa» es obligatorio' });
    expect(checkSettingValue(settingField(6, 'CON_VALOR1'), '2')).toEqual({ value: '2' });
    expect(checkSettingValue(settingField(4, 'CON_VALOR1'), 'c')).toEqual({ value: 'C' });
    expect(checkSettingValue(settingField(7, 'CON_VALOR1'), '2097152')).toEqual({ value: '2097152' });
    expect(checkSettingValue(settingField(7, 'CON_VALOR1'), '10')).toHaveProperty('error');
    const logo = settingField(5, 'CON_VALOR6');
    expect(checkSettingValue(logo, '/marca-blanca/logo.svg')).toEqual({ value: '/marca-blanca/logo.svg' });
    expect(checkSettingValue(logo, '"><script>')).toHaveProperty('error');
  });

  it('reconoce solo las direcciones de imágenes subidas', () => {
    const id = 'a'.repeat(32);
    expect(uploadedImageId(`/api/EmpresasAmelia/configuraciones/imagen/${id}`)).toBe(id);
    expect(uploadedImageId('/marca-blanca/logo.svg')).toBeNull();
    expect(uploadedImageId(`/api/EmpresasAmelia/configuraciones/imagen/${id}/../x`)).toBeNull();
  });

  it('la lista resume los valores en palabras', () => {
    expect(settingSummary(row(9, { CON_VALOR1: 'si' }))).toBe('Activa');
    expect(settingSummary(row(9, { CON_VALOR1: 'no' }))).toBe('Inactiva');
    expect(settingSummary(row(6, { CON_VALOR1: '2' }))).toBe('Ambiente del SRI: Producción');
    expect(settingSummary(row(7, { CON_VALOR1: '15728640' }))).toBe('15.0 MB');
    expect(settingSummary(row(2, { CON_VALOR1: 'https://wa.me/1', CON_VALOR2: 'tel:+5931234567' }))).toBe('https://wa.me/1 · +5931234567');
    expect(settingSummary(row(5, { CON_VALOR6: `/api/EmpresasAmelia/configuraciones/imagen/${'b'.repeat(32)}` }))).toBe(
      'Logo: imagen subida',
    );
  });

  it('las páginas públicas leen la marca blanca por posición', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(i));
    rows[9].CON_VALOR1 = 'Si';
    rows[1].CON_VALOR2 = 'Andina';
    rows[5].CON_VALOR6 = '/logo.png';
    expect(readSettings(rows)).toMatchObject({ whiteLabel: true, title: 'Andina', logo: '/logo.png' });
  });
});

describe('las piezas del formulario (valores.ts)', () => {
  it('interruptor, teléfono, bytes y vacíos', () => {
    expect(switchOn('SI')).toBe(true);
    expect(switchOn('no')).toBe(false);
    expect(switchOn(null)).toBe(false);
    expect(switchValue(true)).toBe('si');
    expect(switchValue(false)).toBe('no');
    expect(telToText('tel:+59326001234')).toBe('+59326001234');
    expect(telToText(null)).toBe('');
    expect(bytesHint('2097152')).toBe('2.0 MB');
    expect(bytesHint('abc')).toBe('');
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('x')).toBe('x');
  });

  it('el validador no revisa un valor que no cambió', () => {
    const field = settingField(3, 'CON_VALOR1');
    const check = settingValidator(field, 'correo viejo');
    expect(check('correo viejo')).toBeUndefined();
    expect(check('otro malo')).toBe('El campo «Correo de soporte» debe ser un correo electrónico válido');
    expect(check('mesa@amelia.ec')).toBeUndefined();
    expect(check(null)).toBeUndefined();
  });
});

describe('el formulario de una configuración', () => {
  let sent: Array<{ method: string; path: string; body: unknown }> = [];
  let record: SettingRow;
  beforeEach(() => {
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ method, path: url.pathname.replace('/api/EmpresasAmelia', ''), body });
        const answer = method === 'PUT' ? { ...record, ...body } : url.pathname.endsWith('/configuraciones') ? [record] : record;
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderForm = (r: SettingRow) => {
    record = r;
    return render(
      <AdminContext dataProvider={createDataProvider('admin', () => 'token')} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="configuraciones">
          <ConfiguracionEdit id={r.CON_CODIGO} />
        </ResourceContextProvider>
      </AdminContext>,
    );
  };

  it('los botones de soporte: cada valor con su nombre, el teléfono sin tel:, y un enlace inválido no se envía', async () => {
    renderForm(
      row(2, {
        CON_NOMBRE: 'Botones de soporte',
        CON_VALOR1: 'https://wa.me/593999999999',
        CON_VALOR2: 'tel:+59326001234',
        CON_VALOR3: 'https://www.amelia.ec',
      }),
    );
    const chat = await screen.findByLabelText('Enlace del chat');
    expect((chat as HTMLInputElement).value).toBe('https://wa.me/593999999999');
    expect((screen.getByLabelText('Teléfono de soporte') as HTMLInputElement).value).toBe('+59326001234');
    expect(screen.queryByLabelText(/Valor \d/)).toBeNull();

    fireEvent.change(chat, { target: { value: 'wa.me/593' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El campo «Enlace del chat» debe ser una dirección web que empiece con https://')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]);

    fireEvent.change(chat, { target: { value: 'https://wa.me/593988887777' } });
    await waitFor(() => expect(screen.queryByText(/Enlace del chat» debe ser/)).toBeNull());
    // (jsdom does not submit on a second click of the same submit button; a browser does)
    fireEvent.submit(chat.closest('form')!);
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      path: '/configuraciones/actualizar',
      body: { CON_CODIGO: 2, CON_VALOR1: 'https://wa.me/593988887777', CON_VALOR2: 'tel:+59326001234' },
    });
    // the open page is rebranded with what was saved
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'GET', path: '/configuraciones' }));
  });

  it('la marca blanca es un interruptor que guarda si / no', async () => {
    renderForm(row(9, { CON_NOMBRE: 'Marca blanca activa', CON_VALOR1: 'no' }));
    const toggle = (await screen.findByRole('switch', { name: 'Marca blanca activa' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toMatchObject({ CON_CODIGO: 9, CON_VALOR1: 'si' }));
  });

  it('el ambiente del SRI se elige entre Pruebas y Producción', async () => {
    renderForm(row(6, { CON_NOMBRE: 'Ambiente del SRI', CON_VALOR1: '1' }));
    expect(((await screen.findByRole('radio', { name: 'Pruebas' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Producción' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toMatchObject({ CON_CODIGO: 6, CON_VALOR1: '2' }));
  });

  it('las imágenes muestran su vista previa y no tienen botón Guardar', async () => {
    renderForm(row(5, { CON_NOMBRE: 'Imágenes', CON_VALOR6: '/marca-blanca/logo.svg', CON_VALOR7: null }));
    const logo = (await screen.findByRole('img', { name: 'Logo actual' })) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/marca-blanca/logo.svg');
    expect(screen.getAllByText('Sin imagen: se usa la de Amelia')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Subir imagen' })).toHaveLength(3);
  });
});
