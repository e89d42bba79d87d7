/**
 * A cédula that passes módulo 10, from a serial of up to 6 digits. `prefijo`: the province (2 digits) and the third
 * digit (below 6 for a natural person): 171 is Pichincha, 090 Guayas.
 */
export function cedulaValida(serial: number, prefijo = '171'): string {
  const base = `${prefijo}${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let product = Number(base[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}
