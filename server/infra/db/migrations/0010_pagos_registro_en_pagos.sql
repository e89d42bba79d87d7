-- Registration proofs now live in pagos (copied by 0009) with the payments an administrator records.
--> statement-breakpoint
DROP TABLE "pagos_registro" CASCADE;