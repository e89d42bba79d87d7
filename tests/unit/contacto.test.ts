import { describe, expect, it } from 'vitest';
import { enmascararCorreo, enmascararTelefono, estaEnmascarado } from '../../domain/contacto';

/** What the public ticket form shows of a registered customer's email and phone: enough to recognise them, no more. */
describe('datos de contacto ocultos', () => {
  it.each([
    ['maria.lopez@gmail.com', 'ma•••@gm•••.com'],
    ['facturacion@comercialandina.ec', 'fa•••@co•••.ec'],
    ['facturacion@comercialandina.com.ec', 'fa•••@co•••.com.ec'],
    ['contabilidad@impac.gob.ec', 'co•••@im•••.gob.ec'],
    ['ventas@correo.empresa.ec', 've•••@co•••.ec'],
    ['  Juan@TallerMoreno.EC ', 'Ju•••@Ta•••.EC'],
    // A part of one or two characters shows only its first.
    ['ab@xy.ec', 'a•••@x•••.ec'],
    ['a@b.co', 'a•••@b•••.co'],
    ['ñandú@quito.ec', 'ña•••@qu•••.ec'],
  ])('el correo %s se muestra %s', (correo, oculto) => {
    expect(enmascararCorreo(correo)).toBe(oculto);
  });

  it('lo que no es un correo se oculta entero, o casi', () => {
    expect(enmascararCorreo('sin-arroba')).toBe('•••');
    expect(enmascararCorreo('@dominio.ec')).toBe('•••');
    expect(enmascararCorreo('usuario@')).toBe('•••');
    expect(enmascararCorreo('usuario@localhost')).toBe('us•••@•••');
  });

  it.each([
    ['022345678', '•••• 5678'],
    ['0991234567', '•••• 4567'],
    ['(02) 234-5678', '•••• 5678'],
    ['+593 99 123 4567', '•••• 4567'],
    ['1234', '••••'],
    ['', '••••'],
  ])('el teléfono %s se muestra %s', (telefono, oculto) => {
    expect(enmascararTelefono(telefono)).toBe(oculto);
  });

  it('reconoce un valor oculto, que nadie debe enviar como suyo', () => {
    expect(estaEnmascarado(enmascararCorreo('maria.lopez@gmail.com'))).toBe(true);
    expect(estaEnmascarado(enmascararTelefono('022345678'))).toBe(true);
    expect(estaEnmascarado('maria.lopez@gmail.com')).toBe(false);
  });
});
