CREATE TABLE "game_save_steps" (
	"save_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"ink_state" text NOT NULL,
	"state" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	CONSTRAINT "game_save_steps_save_id_step_pk" PRIMARY KEY("save_id","step")
);
--> statement-breakpoint
ALTER TABLE "game_saves" ADD COLUMN "chosen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "game_save_steps" ADD CONSTRAINT "game_save_steps_save_id_game_saves_id_fk" FOREIGN KEY ("save_id") REFERENCES "public"."game_saves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Saves keep their rewind points: each snapshot of the old history column becomes a row, and the
-- choices taken become the save's list.
INSERT INTO "game_save_steps" ("save_id", "step", "ink_state", "state", "view")
SELECT s."id", h.ordinality - 1, h.value->>'inkState', h.value->'state', h.value->'view'
FROM "game_saves" s, jsonb_array_elements(s."history") WITH ORDINALITY AS h(value, ordinality);--> statement-breakpoint
UPDATE "game_saves" SET "chosen" = (
  SELECT coalesce(jsonb_agg(h.value->'chosen' ORDER BY h.ordinality), '[]'::jsonb)
  FROM jsonb_array_elements("history") WITH ORDINALITY AS h(value, ordinality)
) WHERE jsonb_array_length("history") > 0;--> statement-breakpoint
ALTER TABLE "game_saves" DROP COLUMN "history";