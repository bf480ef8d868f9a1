CREATE TABLE "seed_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
