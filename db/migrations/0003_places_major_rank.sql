ALTER TABLE "places" ADD COLUMN "major_rank" smallint;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_major_rank_unique" UNIQUE("major_rank");--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_major_rank_check" CHECK ("places"."major_rank" >= 1);