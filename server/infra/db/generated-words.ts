/**
 * The vocabulary and the SQL helpers of the generated data (the benchmark's tickets and companies, `npm run seed --
 * --clientes`): rows are made by the database server from their row number through fixed hashes, so the same size
 * always gives the same data.
 */

/** A SQL array literal of these words. */
export const list = (words: string[]) => `ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(', ')}]`;

/** A well-spread integer in [0, range) from the SQL expression `i` (a row number) and a salt. */
export const hash = (i: string, salt: number, range: number) => {
  const first = `(((${i})::bigint + ${salt * 1_000_003}) * 2654435761 % 4294967296)`;
  const second = `((${first} # (${first} >> 16)) * 73244475 % 4294967296)`;
  return `((${second} # (${second} >> 13)) % ${range})::int`;
};

/** One element of a SQL array, chosen by the hash of `i`. */
export const pick = (array: string, i: string, salt: number) => `(${array})[1 + ${hash(i, salt, 1_000_000)} % cardinality(${array})]`;

/** SQL upper case that also raises Spanish accented letters (translate, for PGlite without ICU). */
export const upper = (text: string) => `upper(translate(${text}, 'áéíóúñü', 'ÁÉÍÓÚÑÜ'))`;

export const FIRST_NAMES = list([
  'María',
  'José',
  'Luis',
  'Ana',
  'Carlos',
  'Gabriela',
  'Jorge',
  'Verónica',
  'Juan Carlos',
  'Daniela',
  'Diego',
  'Paola',
  'Fernando',
  'Andrea',
  'Santiago',
  'Lucía',
  'Mauricio',
  'Carmen',
  'Patricio',
  'Sofía',
  'Xavier',
  'Rosa',
  'Esteban',
  'Valeria',
  'Francisco',
  'Mónica',
  'Raúl',
  'Elena',
  'Marco',
  'Cristina',
  'Edison',
  'Natalia',
  'Wilson',
  'Isabel',
  'Geovanny',
  'Karina',
  'Fabián',
  'Lorena',
  'Rodrigo',
  'Pamela',
]);

export const SURNAMES = list([
  'Guerrero',
  'Paredes',
  'Andrade',
  'Zambrano',
  'Mora',
  'Vera',
  'Cedeño',
  'Torres',
  'Villacís',
  'Cevallos',
  'Salazar',
  'Espinoza',
  'Castillo',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Jaramillo',
  'Ortega',
  'Bravo',
  'Muñoz',
  'Moreira',
  'Macías',
  'Intriago',
  'Chávez',
  'Herrera',
  'Aguirre',
  'Benítez',
  'Calderón',
  'Delgado',
  'Estrada',
  'Flores',
  'Granda',
  'Hidalgo',
  'Iñiguez',
  'León',
  'Maldonado',
  'Naranjo',
  'Ochoa',
  'Ponce',
  'Quishpe',
  'Ramírez',
  'Suárez',
  'Tapia',
  'Ubidia',
  'Valencia',
  'Yépez',
  'Alvarado',
  'Barragán',
  'Carrión',
  'Dávila',
  'Egas',
  'Falconí',
  'Gallegos',
  'Haro',
  'Loor',
  'Mendoza',
  'Noboa',
  'Orellana',
  'Palacios',
  'Romero',
]);

export const COMPANY_KINDS = list([
  'Comercial',
  'Distribuidora',
  'Importadora',
  'Ferretería',
  'Farmacia',
  'Constructora',
  'Servicios',
  'Inversiones',
  'Agrícola',
  'Transportes',
  'Panadería',
  'Librería',
]);

export const COMPANY_WORDS = list([
  'Andina',
  'del Pacífico',
  'San José',
  'Los Andes',
  'Guayas',
  'Amazonas',
  'El Sol',
  'La Costa',
  'Santa Rosa',
  'Tungurahua',
  'Cotopaxi',
  'Chimborazo',
  'Manabí',
  'Galápagos',
  'Del Valle',
  'Pichincha',
]);

export const COMPANY_FORMS = list(['S.A.', 'Cía. Ltda.', 'S.A.S.']);

export const DOMAINS = list(['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es', 'live.com', 'correo.ec']);

export const CITIES = list([
  'Quito',
  'Guayaquil',
  'Cuenca',
  'Ambato',
  'Manta',
  'Loja',
  'Machala',
  'Riobamba',
  'Ibarra',
  'Portoviejo',
  'Esmeraldas',
  'Latacunga',
]);

export const STREETS = list([
  'Av. Amazonas',
  'Av. 9 de Octubre',
  'Calle Bolívar',
  'Av. de las Américas',
  'Calle Sucre',
  'Av. Simón Bolívar',
  'Calle García Moreno',
  'Av. Colón',
]);
