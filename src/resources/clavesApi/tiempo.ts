/** How long ago an instant was, as people say it: «hace 5 minutos», «ayer», «hace 3 días»; «ahora» within a minute. */
export function haceCuanto(instante: string | Date, ahora: Date = new Date()): string {
  const segundos = Math.round((new Date(instante).getTime() - ahora.getTime()) / 1000);
  const formato = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
  const pasos: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unidad, tamano] of pasos) {
    if (Math.abs(segundos) >= tamano) return formato.format(Math.trunc(segundos / tamano), unidad);
  }
  return formato.format(0, 'second');
}
