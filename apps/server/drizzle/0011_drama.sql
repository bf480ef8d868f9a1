CREATE TABLE "clips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"video_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_watches" (
	"user_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_watches_user_id_episode_id_pk" PRIMARY KEY("user_id","episode_id")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"title" jsonb NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"video_id" bigint,
	"view_count" integer DEFAULT 0 NOT NULL,
	"complete_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_number_positive" CHECK ("episodes"."number" >= 1),
	CONSTRAINT "episodes_price_not_negative" CHECK ("episodes"."price" >= 0),
	CONSTRAINT "episodes_counts_not_negative" CHECK ("episodes"."view_count" >= 0 and "episodes"."complete_count" >= 0 and "episodes"."complete_count" <= "episodes"."view_count")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"game_id" bigint PRIMARY KEY NOT NULL,
	"free_episodes" integer DEFAULT 3 NOT NULL,
	CONSTRAINT "series_free_not_negative" CHECK ("series"."free_episodes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source_key" text NOT NULL,
	"source_bytes" bigint NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"master_key" text,
	"poster_key" text,
	"thumbnails_key" text,
	"subtitles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_state_known" CHECK ("videos"."state" in ('queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "videos_progress_range" CHECK ("videos"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "kind" text DEFAULT 'story' NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_watches" ADD CONSTRAINT "episode_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_watches" ADD CONSTRAINT "episode_watches_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_game_idx" ON "clips" USING btree ("game_id","position");--> statement-breakpoint
CREATE INDEX "episode_watches_user_recent_idx" ON "episode_watches" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_game_number_key" ON "episodes" USING btree ("game_id","number");--> statement-breakpoint
CREATE INDEX "videos_state_idx" ON "videos" USING btree ("state");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_kind_known" CHECK ("games"."kind" in ('story', 'series'));