CREATE TABLE "game_save_steps" (
	"save_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"ink_state" text NOT NULL,
	"state" jsonb NOT NULL,
	"view" jsonb NOT NULL,
	"chosen" jsonb NOT NULL,
	CONSTRAINT "game_save_steps_save_id_step_pk" PRIMARY KEY("save_id","step")
);
--> statement-breakpoint
ALTER TABLE "game_save_steps" ADD CONSTRAINT "game_save_steps_save_id_game_saves_id_fk" FOREIGN KEY ("save_id") REFERENCES "public"."game_saves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Saves keep their rewind points: each snapshot of the old history column becomes a row.
INSERT INTO "game_save_steps" ("save_id", "step", "ink_state", "state", "view", "chosen")
SELECT s."id", h.ordinality - 1, h.value->>'inkState', h.value->'state', h.value->'view', h.value->'chosen'
FROM "game_saves" s, jsonb_array_elements(s."history") WITH ORDINALITY AS h(value, ordinality);--> statement-breakpoint
ALTER TABLE "game_saves" DROP COLUMN "history";