CREATE TABLE "studio_files" (
	"work_id" bigint NOT NULL,
	"path" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_files_work_id_path_pk" PRIMARY KEY("work_id","path")
);
--> statement-breakpoint
CREATE TABLE "studio_works" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studio_works_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"game_id" bigint,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"script_type" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"cover_media" text,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minigames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_revision" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapter_versions" ADD COLUMN "includes" jsonb;--> statement-breakpoint
ALTER TABLE "chapter_versions" ADD COLUMN "minigames" jsonb;--> statement-breakpoint
ALTER TABLE "npcs" ADD COLUMN "expressions" jsonb;--> statement-breakpoint
ALTER TABLE "studio_files" ADD CONSTRAINT "studio_files_work_id_studio_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."studio_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_works" ADD CONSTRAINT "studio_works_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_works" ADD CONSTRAINT "studio_works_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_works_owner_idx" ON "studio_works" USING btree ("owner_id","updated_at");