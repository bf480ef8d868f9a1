CREATE TABLE "featured_pins" (
	"slot" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"game_id" bigint NOT NULL,
	"pinned_by" bigint,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_pins_one_slot" CHECK ("featured_pins"."slot" = 1)
);
--> statement-breakpoint
ALTER TABLE "featured_pins" ADD CONSTRAINT "featured_pins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_pins" ADD CONSTRAINT "featured_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_saves_updated_idx" ON "game_saves" USING btree ("updated_at");