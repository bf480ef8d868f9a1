CREATE TABLE "game_saves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_saves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"story_version" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"ink_state" text NOT NULL,
	"state" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_chapters" bigint[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_versions" (
	"chapter_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"ink_source" text NOT NULL,
	"story_json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_versions_chapter_id_version_pk" PRIMARY KEY("chapter_id","version")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"price_gems" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minigames" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minigames_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"key" text NOT NULL,
	"spec" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "npcs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "npcs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"persona" jsonb NOT NULL,
	"greeting" jsonb NOT NULL,
	"goals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"face" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"game_id" bigint NOT NULL,
	"key" text NOT NULL,
	"style" jsonb NOT NULL,
	CONSTRAINT "scenes_game_id_key_pk" PRIMARY KEY("game_id","key")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_saves" ADD CONSTRAINT "game_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_saves" ADD CONSTRAINT "game_saves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_saves" ADD CONSTRAINT "game_saves_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_versions" ADD CONSTRAINT "chapter_versions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minigames" ADD CONSTRAINT "minigames_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npcs" ADD CONSTRAINT "npcs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenes" ADD CONSTRAINT "scenes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_saves_user_game_key" ON "game_saves" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "game_saves_user_updated_idx" ON "game_saves" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_game_position_key" ON "chapters" USING btree ("game_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "minigames_game_key" ON "minigames" USING btree ("game_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "npcs_game_key" ON "npcs" USING btree ("game_id","key");--> statement-breakpoint
CREATE INDEX "scenes_game_idx" ON "scenes" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_game_key" ON "tasks" USING btree ("game_id","key");