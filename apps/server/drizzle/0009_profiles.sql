CREATE TABLE "profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"hide_works" boolean DEFAULT false NOT NULL,
	"hide_played" boolean DEFAULT false NOT NULL,
	"hide_liked" boolean DEFAULT false NOT NULL,
	"avatar_small" text,
	"avatar_large" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;