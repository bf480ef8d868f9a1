ALTER TABLE "support_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "support_reports" ADD CONSTRAINT "support_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("comment_id") WHERE "comment_reports"."handled_at" is null;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_outcome" CHECK (("comment_reports"."handled_at" is null and "comment_reports"."outcome" is null) or ("comment_reports"."handled_at" is not null and "comment_reports"."outcome" in ('removed', 'dismissed')));