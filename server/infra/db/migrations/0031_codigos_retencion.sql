-- The SRI's withholding codes in force on 2026-11-29 (codigos_retencion: the back office keeps them from here on).
--
-- Sources:
-- * Renta (impuesto 1): SRI Resolución NAC-DGERCGC26-00000009 (porcentajes de retención en la fuente de impuesto a la
--   renta), in force from 2026-03-01, as carried by geovannydutanm/l10n-ecuador, l10n_ec_base/data/account_tax_data.py,
--   commit ff05e70523fe5598c857d709a7fcd98f923dd069 ("SRI Resolution NAC-DGERCGC26-00000009, effective 2026-03-01");
--   the codes that resolution leaves as they were (332*, 323*, 333–337, 340, 3440 at 3 %: "otras retenciones aplicables
--   el 3 %", the residual of its art. 3) from the SRI's ATS catalogue, table "Desde 01/03/2026". Dividends, payments
--   abroad and the codes of variable percentage (325–331, 338, 346*, 350, 3481, 5xx) are left to the back office.
-- * The rows the 2026 resolution replaced keep their former percentage until 2026-02-28, from 2020-04-01: SRI
--   Resolución NAC-DGERCGC20-00000020 with Decreto Ejecutivo 1021 (1.75 % bienes muebles, construcción, arrendamiento
--   mercantil, seguros; 2.75 % otras retenciones).
-- * IVA (impuesto 2): the codigoRetencion of the ficha técnica (tabla 20), as mapped by OCA/l10n-ecuador,
--   l10n_ec_base/data/account_tax_data.py (9 10 %, 10 20 %, 1 30 %, 11 50 %, 2 70 %, 3 100 %) and
--   l10n_ec_base/data/template/account.tax-ec.csv (7 retención en cero, 8 no procede retención), commit
--   49fca5692836cc9fcba6c8c61c0fb84343b34b2b; percentages of Resolución NAC-DGERCGC20-00000061. Their RCO_DESDE
--   (2024-01-01) is this table's floor, not the day the SRI created them.
-- * ISD (impuesto 6): 4580 at 5 % from 2024-04-01 (Ley Orgánica para enfrentar el conflicto armado interno; PwC's
--   summary in Brigadirk/based.guide.move, backend/tax_recommender/markdown/ecuador/corporate.md).
INSERT INTO "codigos_retencion" ("rco_impuesto", "rco_codigo", "rco_concepto", "rco_porcentaje", "rco_desde", "rco_hasta") VALUES
('1', '303', 'Honorarios profesionales y demás pagos por servicios relacionados con el título profesional', 10, '2026-03-01', NULL),
('1', '303A', 'Servicios profesionales prestados por sociedades residentes', 5, '2026-03-01', NULL),
('1', '304', 'Servicios en los que predomina el intelecto no relacionados con el título profesional', 10, '2026-03-01', NULL),
('1', '304A', 'Comisiones y demás pagos por servicios en los que predomina el intelecto no relacionados con el título profesional', 10, '2026-03-01', NULL),
('1', '304B', 'Pagos a notarios y registradores de la propiedad y mercantil por sus actividades ejercidas como tales', 10, '2026-03-01', NULL),
('1', '304C', 'Pagos a deportistas, entrenadores, árbitros y miembros del cuerpo técnico por sus actividades ejercidas como tales', 10, '2026-03-01', NULL),
('1', '304D', 'Pagos a artistas por sus actividades ejercidas como tales', 10, '2026-03-01', NULL),
('1', '304E', 'Honorarios y demás pagos por servicios de docencia', 10, '2026-03-01', NULL),
('1', '307', 'Servicios en los que predomina la mano de obra', 3, '2026-03-01', NULL),
('1', '308', 'Utilización o aprovechamiento de la imagen o renombre', 10, '2026-03-01', NULL),
('1', '309', 'Servicios prestados por medios de comunicación y agencias de publicidad', 3, '2026-03-01', NULL),
('1', '310', 'Servicio de transporte privado de pasajeros o transporte público o privado de carga', 1, '2026-03-01', NULL),
('1', '311', 'Pagos a través de liquidación de compra (nivel cultural o rusticidad)', 3, '2026-03-01', NULL),
('1', '312', 'Transferencia de bienes muebles de naturaleza corporal', 2, '2026-03-01', NULL),
('1', '312', 'Transferencia de bienes muebles de naturaleza corporal', 1.75, '2020-04-01', '2026-02-28'),
('1', '312A', 'Compras al productor de bienes de origen bioacuático, forestal y los descritos en el art. 27.1 de la LRTI', 1, '2026-03-01', NULL),
('1', '312C', 'Compras al comercializador de bienes de origen bioacuático, forestal y los descritos en el art. 27.1 de la LRTI', 1.75, '2026-03-01', NULL),
('1', '314A', 'Regalías por franquicias de acuerdo al Código INGENIOS: pago a personas naturales', 10, '2026-03-01', NULL),
('1', '314B', 'Cánones, derechos de autor, marcas, patentes y similares de acuerdo al Código INGENIOS: pago a personas naturales', 10, '2026-03-01', NULL),
('1', '314C', 'Regalías por franquicias de acuerdo al Código INGENIOS: pago a sociedades', 10, '2026-03-01', NULL),
('1', '314D', 'Cánones, derechos de autor, marcas, patentes y similares de acuerdo al Código INGENIOS: pago a sociedades', 10, '2026-03-01', NULL),
('1', '319', 'Cuotas de arrendamiento mercantil prestado por sociedades, inclusive la de opción de compra', 2, '2026-03-01', NULL),
('1', '319', 'Cuotas de arrendamiento mercantil prestado por sociedades, inclusive la de opción de compra', 1.75, '2020-04-01', '2026-02-28'),
('1', '320', 'Arrendamiento de bienes inmuebles', 10, '2026-03-01', NULL),
('1', '322', 'Seguros y reaseguros (primas y cesiones)', 2, '2026-03-01', NULL),
('1', '322', 'Seguros y reaseguros (primas y cesiones)', 1.75, '2020-04-01', '2026-02-28'),
('1', '323', 'Rendimientos financieros pagados a personas naturales y sociedades (no a instituciones financieras)', 3, '2026-03-01', NULL),
('1', '323O', 'Intereses y demás rendimientos financieros pagados a bancos y otras entidades controladas por las Superintendencias de Bancos y de Economía Popular y Solidaria', 0, '2026-03-01', NULL),
('1', '324A', 'Intereses en operaciones de crédito entre instituciones del sistema financiero y entidades de la economía popular y solidaria', 2, '2026-03-01', NULL),
('1', '324B', 'Inversiones entre instituciones del sistema financiero y entidades de la economía popular y solidaria', 2, '2026-03-01', NULL),
('1', '324C', 'Pagos y créditos en cuenta del BCE y los depósitos centralizados de valores, como intermediarios, a instituciones del sistema financiero por cuenta de otras', 2, '2026-03-01', NULL),
('1', '332', 'Otras compras de bienes y servicios no sujetas a retención (incluye RIMPE negocios populares, con cualquier forma de pago)', 0, '2026-03-01', NULL),
('1', '332B', 'Compra de bienes inmuebles', 0, '2026-03-01', NULL),
('1', '332C', 'Transporte público de pasajeros', 0, '2026-03-01', NULL),
('1', '332D', 'Pagos en el país por transporte de pasajeros o transporte internacional de carga a compañías de aviación o marítimas', 0, '2026-03-01', NULL),
('1', '332E', 'Valores entregados por las cooperativas de transporte a sus socios', 0, '2026-03-01', NULL),
('1', '332F', 'Compraventa de divisas distintas al dólar de los Estados Unidos de América', 0, '2026-03-01', NULL),
('1', '332G', 'Pagos con tarjeta de crédito', 0, '2026-03-01', NULL),
('1', '332H', 'Pago al exterior con tarjeta de crédito reportada por la emisora de tarjeta de crédito', 0, '2026-03-01', NULL),
('1', '332I', 'Pago a través de convenio de débito (clientes de instituciones financieras)', 0, '2026-03-01', NULL),
('1', '333', 'Ganancia en la enajenación de derechos representativos de capital que se coticen en bolsa de valores del Ecuador', 10, '2026-03-01', NULL),
('1', '334', 'Contraprestación por la enajenación de derechos representativos de capital no cotizados en bolsa de valores del Ecuador', 2, '2026-03-01', NULL),
('1', '335', 'Loterías, rifas, pronósticos deportivos, apuestas y similares', 15, '2026-03-01', NULL),
('1', '336', 'Venta de combustibles a comercializadoras (2 por mil)', 0.2, '2026-03-01', NULL),
('1', '337', 'Venta de combustibles a distribuidores (3 por mil)', 0.3, '2026-03-01', NULL),
('1', '340', 'Impuesto único a la exportación de banano', 3, '2026-03-01', NULL),
('1', '343', 'Otras retenciones aplicables el 1 % (incluye RIMPE emprendedores, con cualquier forma de pago)', 1, '2026-03-01', NULL),
('1', '343A', 'Energía eléctrica', 2, '2026-03-01', NULL),
('1', '343B', 'Actividades de construcción de obra material inmueble, urbanización, lotización o actividades similares', 2, '2026-03-01', NULL),
('1', '343B', 'Actividades de construcción de obra material inmueble, urbanización, lotización o actividades similares', 1.75, '2020-04-01', '2026-02-28'),
('1', '343C', 'Recepción de botellas plásticas no retornables de PET', 2, '2026-03-01', NULL),
('1', '3440', 'Otras retenciones aplicables el 3 %', 3, '2026-03-01', NULL),
('1', '3440', 'Otras retenciones aplicables el 2,75 %', 2.75, '2020-04-01', '2026-02-28'),
('1', '344A', 'Pago local con tarjeta de crédito o débito reportada por la emisora de tarjeta o entidades del sistema financiero', 2, '2026-03-01', NULL),
('1', '344B', 'Adquisición de sustancias minerales dentro del territorio nacional', 2, '2026-03-01', NULL),
('1', '3480', 'Impuesto a la renta único sobre los ingresos de los operadores de pronósticos deportivos', 15, '2026-03-01', NULL),
('1', '3482', 'Comisiones a sociedades nacionales o extranjeras residentes y establecimientos permanentes domiciliados en el país', 5, '2026-03-01', NULL),
('2', '9', 'Retención del 10 % del IVA (bienes)', 10, '2024-01-01', NULL),
('2', '10', 'Retención del 20 % del IVA (servicios)', 20, '2024-01-01', NULL),
('2', '1', 'Retención del 30 % del IVA (bienes)', 30, '2024-01-01', NULL),
('2', '11', 'Retención del 50 % del IVA', 50, '2024-01-01', NULL),
('2', '2', 'Retención del 70 % del IVA (servicios)', 70, '2024-01-01', NULL),
('2', '3', 'Retención del 100 % del IVA (profesionales, arrendamiento a personas naturales, liquidaciones de compra)', 100, '2024-01-01', NULL),
('2', '7', 'Retención en cero', 0, '2024-01-01', NULL),
('2', '8', 'No procede retención', 0, '2024-01-01', NULL),
('6', '4580', 'Impuesto a la salida de divisas', 5, '2024-04-01', NULL);
