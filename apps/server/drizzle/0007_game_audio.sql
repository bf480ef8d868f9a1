CREATE TABLE "game_audio" (
	"game_id" bigint NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"media" text NOT NULL,
	"loop" boolean DEFAULT false NOT NULL,
	CONSTRAINT "game_audio_game_id_key_pk" PRIMARY KEY("game_id","key")
);
--> statement-breakpoint
ALTER TABLE "game_audio" ADD CONSTRAINT "game_audio_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;