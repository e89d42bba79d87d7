-- Reference data for support tickets (every database, demo or production): the products a ticket can be about,
-- and the admin menu entries of the support desk.
INSERT INTO "productos" ("prod_id", "prod_nombre", "prod_activo") VALUES
  (1, 'Amelia Facturación Electrónica', true),
  (2, 'Amelia Contabilidad', true),
  (3, 'Firma Electrónica', true),
  (4, 'Amelia Punto de Venta', true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('productos', 'prod_id'), GREATEST((SELECT MAX("prod_id") FROM "productos"), 100));
--> statement-breakpoint
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden") VALUES
  (4, 'admin', 'Tickets de soporte', 'soporte', 'support', 10),
  (5, 'admin', 'Productos', 'productos', 'inventory', 20)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES
  (1, 4), (1, 5),
  (2, 4),
  (3, 4)
ON CONFLICT DO NOTHING;
