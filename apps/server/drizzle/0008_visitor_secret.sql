ALTER TABLE "visitors" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "device_hash" text;