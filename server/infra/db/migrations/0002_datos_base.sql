-- Reference data every database needs (PGlite demo or a production PostgreSQL): profiles, menus, default settings.
INSERT INTO "perfiles" ("prf_codigo", "prf_nombre") VALUES
  (1, 'Administrador'),
  (2, 'Distribuidor'),
  (3, 'Asesor de soporte')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden") VALUES
  (1, 'admin', 'Inicio', '', 'home', 1),
  (2, 'admin', 'Configuraciones', 'configuraciones', 'settings', 90),
  (3, 'admin', 'Accesos a empresas', 'ingresos', 'login', 80),
  (101, 'empresa', 'Inicio', '', 'home', 1),
  (102, 'empresa', 'Mi empresa', 'mi-empresa', 'business', 2),
  (103, 'empresa', 'Ayuda y soporte', 'ayuda', 'support', 99)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('menus', 'men_codigo'), 1000, false);
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES
  (1, 1), (1, 2), (1, 3),
  (2, 1),
  (3, 1)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Global settings are read by position (src/settings/positions.ts): CON_CODIGO is the array index.
INSERT INTO "configuraciones" ("con_codigo", "con_nombre", "con_valor1", "con_valor2", "con_valor3", "con_valor4", "con_valor5", "con_valor6", "con_valor7", "con_valor8") VALUES
  (0, 'Datos de contacto (teléfono, correo, dirección, horario)', '+593 2 600 1234', 'soporte@amelia.ec', 'Av. Amazonas N34-120 y Atahualpa, Quito', 'Lunes a viernes, 08:00 a 18:00', NULL, NULL, NULL, NULL),
  (1, 'Marca blanca: nombre comercial y título de la página', 'Facturación Andina', 'Facturación Andina', NULL, NULL, NULL, NULL, NULL, NULL),
  (2, 'Botones de soporte (chat, teléfono, sitio web)', 'https://wa.me/593999999999', 'tel:+59326001234', 'https://www.amelia.ec', NULL, NULL, NULL, NULL, NULL),
  (3, 'Correo que recibe los tickets de soporte', 'soporte@amelia.ec', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, 'Tipo de plan por defecto (V ventas, C compras)', 'V', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (5, 'Imágenes de marca blanca (logo, portada, favicon en valores 6, 7 y 8)', NULL, NULL, NULL, NULL, NULL, '/marca-blanca/logo.svg', '/marca-blanca/portada.svg', '/marca-blanca/favicon.svg'),
  (6, 'Ambiente del SRI (1 pruebas, 2 producción)', '1', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (7, 'Límite de carga de archivos en bytes', '15728640', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (8, 'Redes sociales (Facebook, Instagram)', 'https://www.facebook.com/amelia.ec', 'https://www.instagram.com/amelia.ec', NULL, NULL, NULL, NULL, NULL, NULL),
  (9, 'Marca blanca activa (si / no)', 'no', NULL, NULL, NULL, NULL, NULL, NULL, NULL)
ON CONFLICT DO NOTHING;
