CREATE TABLE "cobros" (
	"cob_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"cli_codigo" integer NOT NULL,
	"cob_fecha" date NOT NULL,
	"cob_valor" numeric(14, 2) NOT NULL,
	"cob_forma" varchar(2) NOT NULL,
	"cob_referencia" varchar(100),
	"cob_anulado" boolean DEFAULT false NOT NULL,
	"cob_anulacion_motivo" varchar(300),
	"cob_anulacion_fecha" timestamp with time zone,
	"usu_anulacion" integer,
	"usu_codigo" integer,
	"cob_creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cobros_facturas" (
	"cob_codigo" integer NOT NULL,
	"fac_codigo" integer NOT NULL,
	"cfa_valor" numeric(14, 2) NOT NULL,
	CONSTRAINT "cobros_facturas_cob_codigo_fac_codigo_pk" PRIMARY KEY("cob_codigo","fac_codigo")
);
--> statement-breakpoint
CREATE TABLE "sri_cola" (
	"fac_codigo" integer PRIMARY KEY NOT NULL,
	"col_paso" varchar(10) NOT NULL,
	"col_intentos" integer DEFAULT 0 NOT NULL,
	"col_proximo" timestamp with time zone DEFAULT now() NOT NULL,
	"col_tomada_hasta" timestamp with time zone,
	"col_error" varchar(500),
	"col_creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_sri_mensajes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_entrega" varchar(12);--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_entrega_fecha" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_entrega_detalle" varchar(500);--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_anulacion_motivo" varchar(300);--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_anulacion_fecha" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_usu_anulacion_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_anulacion") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros_facturas" ADD CONSTRAINT "cobros_facturas_cob_codigo_cobros_cob_codigo_fk" FOREIGN KEY ("cob_codigo") REFERENCES "public"."cobros"("cob_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobros_facturas" ADD CONSTRAINT "cobros_facturas_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sri_cola" ADD CONSTRAINT "sri_cola_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobros_cliente" ON "cobros" USING btree ("emp_codigo","cli_codigo","cob_codigo");--> statement-breakpoint
CREATE INDEX "cobros_facturas_factura" ON "cobros_facturas" USING btree ("fac_codigo");--> statement-breakpoint
CREATE INDEX "sri_cola_proximo" ON "sri_cola" USING btree ("col_proximo");--> statement-breakpoint
CREATE INDEX "facturas_empresa_estado" ON "facturas" USING btree ("emp_codigo","fac_estado");--> statement-breakpoint
-- Invoices issued before the queue existed go to the SRI like any new one.
INSERT INTO "sri_cola" ("fac_codigo", "col_paso") SELECT "fac_codigo", 'ENVIAR' FROM "facturas" WHERE "fac_estado" = 'FIRMADA';
