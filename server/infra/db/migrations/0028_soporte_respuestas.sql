CREATE TABLE "soporte_respuestas" (
	"sre_id" serial PRIMARY KEY NOT NULL,
	"spt_id" integer NOT NULL,
	"sre_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"adm_codigo" integer,
	"sre_usuario" varchar(60),
	"sre_nombre" varchar(150),
	"sre_html" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "soporte_respuestas" ADD CONSTRAINT "soporte_respuestas_spt_id_soporte_spt_id_fk" FOREIGN KEY ("spt_id") REFERENCES "public"."soporte"("spt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte_respuestas" ADD CONSTRAINT "soporte_respuestas_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soporte_respuestas_ticket" ON "soporte_respuestas" USING btree ("spt_id","sre_id");--> statement-breakpoint
-- Until now only the last reply was kept (soporte.spt_respuesta): it becomes the ticket's one reply, dated when the
-- ticket last changed, by the author of its latest 'respuesta' history row when there is one.
INSERT INTO "soporte_respuestas" ("spt_id", "sre_fecha", "adm_codigo", "sre_usuario", "sre_nombre", "sre_html")
SELECT s."spt_id", s."spt_actualizado", h."adm_codigo", h."his_usuario", a."adm_nombre", s."spt_respuesta"
FROM "soporte" s
LEFT JOIN LATERAL (
	SELECT "adm_codigo", "his_usuario" FROM "soporte_historial"
	WHERE "spt_id" = s."spt_id" AND "his_accion" = 'respuesta'
	ORDER BY "his_id" DESC LIMIT 1
) h ON true
LEFT JOIN "administradores" a ON a."adm_codigo" = h."adm_codigo"
WHERE s."spt_respuesta" IS NOT NULL
ORDER BY s."spt_id";
