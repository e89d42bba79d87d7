/**
 * What the living demo (vivo.ts) puts in the demo companies through the API: their clients and the products they sell.
 * Plain data and the identifiers that go with it; nothing here talks to the database or the API.
 */
import { checkCedula, checkRuc } from '../../domain/identifiers';
import { DEMO } from '../infra/db/demo-accounts';

/** A client as POST /api/clientes takes it. */
type ClienteDemo = {
  CLI_TIPO_IDENTIFICACION: '04' | '05' | '06';
  CLI_IDENTIFICACION: string;
  CLI_RAZON_SOCIAL: string;
  CLI_NOMBRE_COMERCIAL?: string;
  CLI_CORREOS: string[];
  CLI_TELEFONOS: string[];
  CLI_DIRECCION: string;
  CLI_DIAS_CREDITO: number;
  CLI_LIMITE_CREDITO: string;
};

/** A product as POST /api/catalogo takes it: [code, description, price, IVA code ('4' 15 %, '0' 0 %), B or S]. */
export type ProductoDemo = [string, string, string, '4' | '0', 'B' | 'S'];

/** A deterministic sequence in [0, 1): the same demo on every first start. */
export function azar(semilla: number): () => number {
  let estado = semilla >>> 0;
  return () => {
    estado = (Math.imul(estado, 1_664_525) + 1_013_904_223) >>> 0;
    return estado / 2 ** 32;
  };
}

/** `base` completed with the one check digit (and `sufijo`) that `check` accepts without a warning. */
function conDigito(base: string, sufijo: string, check: (valor: string) => { valid: boolean; warning?: string }): string {
  for (let digito = 0; digito <= 9; digito++) {
    const valor = `${base}${digito}${sufijo}`;
    const resultado = check(valor);
    if (resultado.valid && !resultado.warning) return valor;
  }
  throw new Error(`Sin dígito verificador para ${base}`);
}

/** A cédula of Pichincha (17) or Guayas (09) from a serial. */
const cedula = (serial: number) =>
  conDigito(
    `${serial % 2 ? '17' : '09'}${serial % 6}${String(serial * 7919)
      .padStart(6, '0')
      .slice(-6)}`,
    '',
    checkCedula,
  );
/** A private company's RUC (third digit 9) from a serial. */
function rucSociedad(serial: number): string {
  // Module 11 has no digit for one base in eleven: then the next base.
  for (let intento = 0; intento < 10; intento++) {
    try {
      return conDigito(
        `179${String(serial * 104_729 + intento)
          .padStart(6, '0')
          .slice(-6)}`,
        '001',
        checkRuc,
      );
    } catch {
      continue;
    }
  }
  throw new Error(`Sin RUC para ${serial}`);
}

const PERSONAS = [
  'María José Andrade Salazar',
  'Luis Alberto Guamán Chicaiza',
  'Verónica Paola Cedeño Mera',
  'Jorge Enrique Villacrés Ortiz',
  'Carmen Lucía Toapanta Quispe',
  'Diego Fernando Jaramillo Ruiz',
  'Gabriela Estefanía Morán Vélez',
  'Santiago Andrés Paredes León',
  'Paola Alejandra Benítez Cruz',
  'Christian Javier Sánchez Loor',
  'Ana Belén Espinosa Tapia',
  'Fernando Patricio Hidalgo Mora',
  'Daniela Sofía Zambrano Intriago',
  'Marco Vinicio Cabrera Naranjo',
  'Rosa Elena Chiriboga Pazmiño',
  'Édgar Mauricio Ñaupari Castro',
];
const SOCIEDADES: Array<[string, string]> = [
  ['CONSTRUCTORA LOS ANDES CIA. LTDA.', 'Constructora Los Andes'],
  ['INMOBILIARIA PICHINCHA S.A.', 'Inmobiliaria Pichincha'],
  ['SERVICIOS ELÉCTRICOS DEL NORTE S.A.', 'Eléctricos del Norte'],
  ['ACABADOS Y DISEÑOS QUITO CIA. LTDA.', 'Acabados Quito'],
  ['COMERCIALIZADORA SAN BLAS S.A.', 'San Blas'],
  ['TALLERES MECÁNICOS EL VALLE CIA. LTDA.', 'Talleres El Valle'],
  ['HOTEL COLONIAL LA RONDA S.A.', 'Hotel La Ronda'],
  ['COLEGIO PARTICULAR MONTE SINAÍ', 'Colegio Monte Sinaí'],
  ['RESTAURANTE EL FOGÓN SERRANO CIA. LTDA.', 'El Fogón Serrano'],
  ['AGRÍCOLA TUMBACO S.A.', 'Agrícola Tumbaco'],
];
const EXTRANJEROS = ['John Michael Peterson', 'Sophie Claire Martin', 'Lucas Gabriel Oliveira'];
const CALLES = ['Av. 10 de Agosto', 'Av. 6 de Diciembre', 'Av. América', 'Calle García Moreno', 'Av. Eloy Alfaro', 'Av. De los Shyris'];

const correoDe = (nombre: string) =>
  `${nombre
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .slice(0, 2)
    .join('.')}@correo.ec`;

/**
 * The clients of a company: people with cédula or RUC, companies with RUC, foreigners with a passport; some with 30
 * days of credit. `desplazamiento` keeps the two companies' identifiers apart.
 */
export function clientesDemo(desplazamiento: number): ClienteDemo[] {
  const direccion = (i: number) => `${CALLES[i % CALLES.length]} N${20 + i}-${10 + ((i * 7) % 80)}, Quito`;
  const telefono = (i: number) => `09${String(81_234_567 + i * 1_013 + desplazamiento).slice(-8)}`;
  const personas = PERSONAS.map((nombre, i): ClienteDemo => {
    const serial = desplazamiento + i + 1;
    const conRuc = i % 5 === 4;
    return {
      CLI_TIPO_IDENTIFICACION: conRuc ? '04' : '05',
      CLI_IDENTIFICACION: conRuc ? `${cedula(serial)}001` : cedula(serial),
      CLI_RAZON_SOCIAL: nombre.toUpperCase(),
      CLI_CORREOS: [correoDe(nombre)],
      CLI_TELEFONOS: [telefono(i)],
      CLI_DIRECCION: direccion(i),
      CLI_DIAS_CREDITO: i % 4 === 1 ? 30 : 0,
      CLI_LIMITE_CREDITO: i % 4 === 1 ? '1500.00' : '0.00',
    };
  });
  const sociedades = SOCIEDADES.map(([razon, comercial], i): ClienteDemo => ({
    CLI_TIPO_IDENTIFICACION: '04',
    CLI_IDENTIFICACION: rucSociedad(desplazamiento + i + 1),
    CLI_RAZON_SOCIAL: razon,
    CLI_NOMBRE_COMERCIAL: comercial,
    CLI_CORREOS: [
      `compras@${comercial
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.ec`,
    ],
    CLI_TELEFONOS: [`02${String(2_456_789 + i * 3_571 + desplazamiento).slice(-7)}`],
    CLI_DIRECCION: direccion(i + PERSONAS.length),
    CLI_DIAS_CREDITO: i % 2 === 0 ? 30 : 0,
    CLI_LIMITE_CREDITO: i % 2 === 0 ? '5000.00' : '0.00',
  }));
  const extranjeros = EXTRANJEROS.map((nombre, i): ClienteDemo => ({
    CLI_TIPO_IDENTIFICACION: '06',
    CLI_IDENTIFICACION: `P${String(4_812_300 + desplazamiento + i * 17)}`,
    CLI_RAZON_SOCIAL: nombre.toUpperCase(),
    CLI_CORREOS: [correoDe(nombre)],
    CLI_TELEFONOS: [],
    CLI_DIRECCION: 'Hotel Quito, Av. González Suárez N27-142, Quito',
    CLI_DIAS_CREDITO: 0,
    CLI_LIMITE_CREDITO: '0.00',
  }));
  return [...personas, ...sociedades, ...extranjeros];
}

/** Comercial Andina: office, cleaning and grocery supplies for companies. */
export const PRODUCTOS_ANDINA: ProductoDemo[] = [
  ['PAP-A4-75', 'Resma de papel bond A4 75 g (500 hojas)', '4.850000', '4', 'B'],
  ['PAP-OF-75', 'Resma de papel bond oficio 75 g (500 hojas)', '5.600000', '4', 'B'],
  ['CUA-100', 'Cuaderno universitario cuadriculado 100 hojas', '1.750000', '4', 'B'],
  ['ESF-AZ-12', 'Esferográficos azules (caja de 12)', '3.200000', '4', 'B'],
  ['LAP-HB-12', 'Lápices HB (caja de 12)', '2.100000', '4', 'B'],
  ['RES-AM-4', 'Resaltadores de colores (paquete de 4)', '3.450000', '4', 'B'],
  ['CAR-OF-AZ', 'Carpeta archivadora oficio lomo ancho', '3.900000', '4', 'B'],
  ['GRA-26-6', 'Grapas 26/6 (caja de 5000)', '1.150000', '4', 'B'],
  ['GRP-MET', 'Grapadora metálica de escritorio', '8.750000', '4', 'B'],
  ['CIN-EMB-48', 'Cinta de embalaje transparente 48 mm', '1.650000', '4', 'B'],
  ['SOB-MAN-50', 'Sobres manila oficio (paquete de 50)', '6.300000', '4', 'B'],
  ['TON-HP-85A', 'Tóner compatible HP 85A', '38.500000', '4', 'B'],
  ['TIN-EPS-4', 'Tintas Epson 664 (juego de 4 colores)', '24.900000', '4', 'B'],
  ['CAL-CAS-12', 'Calculadora de escritorio 12 dígitos', '14.300000', '4', 'B'],
  ['DES-LIQ-1G', 'Desinfectante líquido lavanda 1 galón', '5.250000', '4', 'B'],
  ['JAB-LIQ-1G', 'Jabón líquido para manos 1 galón', '7.800000', '4', 'B'],
  ['PAP-HIG-12', 'Papel higiénico jumbo (paquete de 12)', '18.600000', '4', 'B'],
  ['TOA-PAP-6', 'Toallas de papel interfoliadas (paquete de 6)', '11.400000', '4', 'B'],
  ['FUN-BAS-100', 'Fundas de basura industriales (100 unidades)', '9.950000', '4', 'B'],
  ['GUA-NIT-100', 'Guantes de nitrilo talla M (caja de 100)', '8.200000', '4', 'B'],
  ['CAF-MOL-500', 'Café molido de Loja 500 g', '6.900000', '0', 'B'],
  ['AZU-BLA-2K', 'Azúcar blanca 2 kg', '2.350000', '0', 'B'],
  ['AGU-BOT-20', 'Agua purificada en bidón de 20 litros', '2.500000', '4', 'B'],
  ['ARR-FLO-5K', 'Arroz flor 5 kg', '5.400000', '0', 'B'],
  ['ACE-GIR-1L', 'Aceite de girasol 1 litro', '3.150000', '4', 'B'],
  ['GAL-SAL-12', 'Galletas de sal (paquete de 12)', '2.800000', '4', 'B'],
  ['SRV-ENT-LOC', 'Entrega a domicilio en Quito', '5.000000', '4', 'S'],
  ['SRV-IMP-BN', 'Impresión láser blanco y negro (ciento)', '4.000000', '4', 'S'],
  ['SRV-ANI-A4', 'Anillado de documento A4', '1.500000', '4', 'S'],
  ['SRV-MAN-IMP', 'Mantenimiento preventivo de impresora', '25.000000', '4', 'S'],
];

/** Ferretería El Tornillo: hardware, tools and building materials. */
export const PRODUCTOS_TORNILLO: ProductoDemo[] = [
  ['TOR-HEX-14', 'Tornillo hexagonal 1/4" x 2" (ciento)', '12.500000', '4', 'B'],
  ['TOR-DRY-6', 'Tornillo drywall 6 x 1" (ciento)', '2.300000', '4', 'B'],
  ['CLA-2-KG', 'Clavos de 2" (kilo)', '2.150000', '4', 'B'],
  ['TAC-FIS-8', 'Tacos fisher 8 mm (ciento)', '3.400000', '4', 'B'],
  ['MAR-UNA-16', 'Martillo de uña 16 oz', '8.500000', '4', 'B'],
  ['DES-JGO-6', 'Juego de destornilladores (6 piezas)', '11.900000', '4', 'B'],
  ['ALI-UNI-8', 'Alicate universal 8"', '7.250000', '4', 'B'],
  ['FLE-5M', 'Flexómetro 5 m', '4.600000', '4', 'B'],
  ['NIV-ALU-24', 'Nivel de aluminio 24"', '9.800000', '4', 'B'],
  ['TAL-PER-500', 'Taladro percutor 1/2" 500 W', '64.900000', '4', 'B'],
  ['AMO-4-1/2', 'Amoladora angular 4 1/2" 850 W', '58.000000', '4', 'B'],
  ['BRO-JGO-13', 'Juego de brocas para metal (13 piezas)', '15.750000', '4', 'B'],
  ['DIS-COR-4', 'Disco de corte para metal 4 1/2"', '1.350000', '4', 'B'],
  ['CEM-50', 'Cemento portland tipo GU (saco de 50 kg)', '8.150000', '4', 'B'],
  ['VAR-12-12', 'Varilla corrugada 12 mm x 12 m', '11.200000', '4', 'B'],
  ['ARE-M3', 'Arena fina (metro cúbico)', '18.000000', '4', 'B'],
  ['BLO-15', 'Bloque de hormigón 15 cm', '0.420000', '4', 'B'],
  ['TUB-PVC-12', 'Tubo PVC presión 1/2" x 6 m', '4.900000', '4', 'B'],
  ['COD-PVC-12', 'Codo PVC 1/2" x 90°', '0.350000', '4', 'B'],
  ['LLA-PAS-12', 'Llave de paso 1/2"', '6.400000', '4', 'B'],
  ['CAB-12-100', 'Cable eléctrico flexible 12 AWG (rollo de 100 m)', '48.500000', '4', 'B'],
  ['INT-SIM', 'Interruptor simple de empotrar', '2.250000', '4', 'B'],
  ['TOM-DOB', 'Tomacorriente doble polarizado', '2.900000', '4', 'B'],
  ['FOC-LED-12', 'Foco LED 12 W luz blanca', '2.600000', '4', 'B'],
  ['PIN-LAT-GL', 'Pintura látex blanca (galón)', '16.800000', '4', 'B'],
  ['BRO-PIN-3', 'Brocha de 3"', '2.750000', '4', 'B'],
  ['LIJ-AGU-150', 'Lija de agua grano 150', '0.550000', '4', 'B'],
  ['CAN-ZIN-3', 'Candado de hierro 40 mm', '5.900000', '4', 'B'],
  ['SRV-COR-VAR', 'Servicio de corte de varilla', '2.000000', '4', 'S'],
  ['SRV-FLE-LOC', 'Flete de materiales dentro de Quito', '15.000000', '4', 'S'],
];

/** A supplier as POST /api/proveedores takes it. */
type ProveedorDemo = {
  PRV_TIPO_IDENTIFICACION: '04' | '05';
  PRV_IDENTIFICACION: string;
  PRV_RAZON_SOCIAL: string;
  PRV_NOMBRE_COMERCIAL?: string;
  PRV_CORREOS: string[];
  PRV_TELEFONOS: string[];
  PRV_DIRECCION: string;
  PRV_CONTACTO?: string;
  PRV_DIAS_CREDITO: number;
};

/**
 * Ferretería El Tornillo's suppliers besides Comercial Andina (which its first imported invoice adds to the book): two
 * wholesalers, a craftsman in the RIMPE regime (the flags' service of the demo says so) and a person with a cédula only,
 * from whom the store buys with a liquidación de compra.
 */
export function proveedoresTornillo(): Record<'acero' | 'pinturas' | 'rimpe' | 'cedula', ProveedorDemo> {
  return {
    acero: {
      PRV_TIPO_IDENTIFICACION: '04',
      PRV_IDENTIFICACION: rucSociedad(901),
      PRV_RAZON_SOCIAL: 'DISTRIBUIDORA DE ACEROS DEL PACÍFICO S.A.',
      PRV_NOMBRE_COMERCIAL: 'Aceros del Pacífico',
      PRV_CORREOS: ['facturacion@acerosdelpacifico.ec'],
      PRV_TELEFONOS: ['022567431'],
      PRV_DIRECCION: 'Panamericana Norte km 7½, Quito',
      PRV_CONTACTO: 'Rodrigo Almeida (ventas)',
      PRV_DIAS_CREDITO: 45,
    },
    pinturas: {
      PRV_TIPO_IDENTIFICACION: '04',
      PRV_IDENTIFICACION: rucSociedad(902),
      PRV_RAZON_SOCIAL: 'PINTURAS Y RECUBRIMIENTOS ECUATORIANOS CIA. LTDA.',
      PRV_NOMBRE_COMERCIAL: 'Pinturas Ecuatorianas',
      PRV_CORREOS: ['cobranzas@pinturasecuatorianas.ec'],
      PRV_TELEFONOS: ['042893310'],
      PRV_DIRECCION: 'Km 10 vía a Daule, Guayaquil',
      PRV_DIAS_CREDITO: 30,
    },
    rimpe: {
      PRV_TIPO_IDENTIFICACION: '04',
      PRV_IDENTIFICACION: `${cedula(903)}001`,
      PRV_RAZON_SOCIAL: 'TIPÁN QUISHPE SEGUNDO MANUEL',
      PRV_NOMBRE_COMERCIAL: 'Cerrajería Tipán',
      PRV_CORREOS: ['cerrajeriatipan@correo.ec'],
      PRV_TELEFONOS: ['0987456123'],
      PRV_DIRECCION: 'Calle Chile Oe3-45, Quito',
      PRV_DIAS_CREDITO: 0,
    },
    cedula: {
      PRV_TIPO_IDENTIFICACION: '05',
      PRV_IDENTIFICACION: cedula(904),
      PRV_RAZON_SOCIAL: 'CHICAIZA TOAPANTA LUIS ALFONSO',
      PRV_CORREOS: ['luis.chicaiza@correo.ec'],
      PRV_TELEFONOS: ['0998123456'],
      PRV_DIRECCION: 'Barrio San José de Monjas, Quito',
      PRV_DIAS_CREDITO: 0,
    },
  };
}

/** Each demo company as the other's client (POST /api/clientes): Andina sells the store office supplies and buys tools. */
export const CLIENTES_ENTRE_EMPRESAS: Record<'tornilloDeAndina' | 'andinaDeTornillo', ClienteDemo> = {
  tornilloDeAndina: {
    CLI_TIPO_IDENTIFICACION: '04',
    CLI_IDENTIFICACION: DEMO.ferreteria.ruc,
    CLI_RAZON_SOCIAL: 'FERRETERIA EL TORNILLO CIA. LTDA.',
    CLI_NOMBRE_COMERCIAL: 'Ferretería El Tornillo',
    CLI_CORREOS: ['compras@eltornillo.ec'],
    CLI_TELEFONOS: ['022998877'],
    CLI_DIRECCION: 'Calle Bolívar Oe5-24 y Guayaquil, Quito',
    CLI_DIAS_CREDITO: 30,
    CLI_LIMITE_CREDITO: '3000.00',
  },
  andinaDeTornillo: {
    CLI_TIPO_IDENTIFICACION: '04',
    CLI_IDENTIFICACION: DEMO.empresa.ruc,
    CLI_RAZON_SOCIAL: 'COMERCIAL ANDINA S.A.',
    CLI_NOMBRE_COMERCIAL: 'Comercial Andina',
    CLI_CORREOS: ['facturacion@comercialandina.ec'],
    CLI_TELEFONOS: ['022345678'],
    CLI_DIRECCION: 'Av. Amazonas N34-120 y Av. Atahualpa, Quito',
    CLI_DIAS_CREDITO: 30,
    CLI_LIMITE_CREDITO: '2000.00',
  },
};

/** A carrier as POST /api/transportistas takes it. */
type TransportistaDemo = {
  TRA_TIPO_IDENTIFICACION: '04' | '05';
  TRA_IDENTIFICACION: string;
  TRA_RAZON_SOCIAL: string;
  TRA_PLACA: string;
  TRA_CORREOS: string[];
  TRA_TELEFONOS: string[];
  TRA_DIRECCION: string;
};

/**
 * Who takes Ferretería El Tornillo's goods on the road: a transport company with its RUC and truck, and a driver of
 * his own van with a cédula only.
 */
export function transportistasTornillo(): Record<'empresa' | 'chofer', TransportistaDemo> {
  return {
    empresa: {
      TRA_TIPO_IDENTIFICACION: '04',
      TRA_IDENTIFICACION: rucSociedad(905),
      TRA_RAZON_SOCIAL: 'TRANSPORTES ANDINOS DE CARGA TRANSANDICAR S.A.',
      TRA_PLACA: 'PCA-4821',
      TRA_CORREOS: ['despachos@transandicar.ec'],
      TRA_TELEFONOS: ['022478530'],
      TRA_DIRECCION: 'Av. Maldonado S28-110, Quito',
    },
    chofer: {
      TRA_TIPO_IDENTIFICACION: '05',
      TRA_IDENTIFICACION: cedula(906),
      TRA_RAZON_SOCIAL: 'CAIZA PILATASIG WILSON RAMIRO',
      TRA_PLACA: 'PBX-0937',
      TRA_CORREOS: ['wilson.caiza@correo.ec'],
      TRA_TELEFONOS: ['0984512376'],
      TRA_DIRECCION: 'Conocoto, calle García Moreno 45, Quito',
    },
  };
}
