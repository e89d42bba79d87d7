ALTER TABLE "ingresos_distribuidor" RENAME TO "ingresos";--> statement-breakpoint
ALTER SEQUENCE "ingresos_distribuidor_ing_codigo_seq" RENAME TO "ingresos_ing_codigo_seq";--> statement-breakpoint
ALTER TABLE "ingresos" RENAME CONSTRAINT "ingresos_distribuidor_pkey" TO "ingresos_pkey";--> statement-breakpoint
ALTER TABLE "ingresos" RENAME CONSTRAINT "ingresos_distribuidor_adm_codigo_administradores_adm_codigo_fk" TO "ingresos_adm_codigo_administradores_adm_codigo_fk";--> statement-breakpoint
ALTER TABLE "ingresos" RENAME CONSTRAINT "ingresos_distribuidor_emp_codigo_empresas_emp_codigo_fk" TO "ingresos_emp_codigo_empresas_emp_codigo_fk";--> statement-breakpoint
ALTER TABLE "ingresos" RENAME CONSTRAINT "ingresos_distribuidor_usu_codigo_usuarios_usu_codigo_fk" TO "ingresos_usu_codigo_usuarios_usu_codigo_fk";--> statement-breakpoint
ALTER INDEX "ingresos_distribuidor_emp" RENAME TO "ingresos_emp";
