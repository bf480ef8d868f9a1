CREATE TABLE "assistant_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assistant_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"source" text,
	"client_message_id" uuid,
	"reply_to" bigint,
	"work_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_messages_role" CHECK ("assistant_messages"."role" in ('player', 'assistant')),
	CONSTRAINT "assistant_messages_source" CHECK ("assistant_messages"."source" is null or "assistant_messages"."source" in ('text', 'voice'))
);
--> statement-breakpoint
CREATE TABLE "assistant_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"avatar" text DEFAULT 'female' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_settings_avatar" CHECK ("assistant_settings"."avatar" in ('female', 'male'))
);
--> statement-breakpoint
CREATE TABLE "support_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"client_report_id" uuid NOT NULL,
	"description" text NOT NULL,
	"conversation" jsonb,
	"locale" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_reports_status" CHECK ("support_reports"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reports" ADD CONSTRAINT "support_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_messages_user_idx" ON "assistant_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "assistant_messages_user_day_idx" ON "assistant_messages" USING btree ("user_id","role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_messages_client_id" ON "assistant_messages" USING btree ("user_id","client_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_reports_client_id" ON "support_reports" USING btree ("user_id","client_report_id");--> statement-breakpoint
CREATE INDEX "support_reports_status_idx" ON "support_reports" USING btree ("status","created_at");