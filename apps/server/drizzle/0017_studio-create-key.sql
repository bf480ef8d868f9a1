ALTER TABLE "studio_works" ADD COLUMN "create_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_works_create_key_idx" ON "studio_works" USING btree ("owner_id","create_key");