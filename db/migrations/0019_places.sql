CREATE TABLE "place_names" (
	"key" text NOT NULL,
	"value" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "place_names_key_value_pk" PRIMARY KEY("key","value")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"value" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"kind" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"population" integer,
	"other_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent" text,
	CONSTRAINT "places_value_check" CHECK ("places"."value" = town_value("places"."value") AND "places"."value" <> ''),
	CONSTRAINT "places_province_check" CHECK ("places"."province" IN ('gauteng', 'western-cape', 'kwazulu-natal', 'eastern-cape', 'free-state', 'limpopo', 'mpumalanga', 'north-west', 'northern-cape')),
	CONSTRAINT "places_kind_check" CHECK ("places"."kind" IN ('city', 'town', 'suburb', 'township', 'village')),
	CONSTRAINT "places_coordinates_check" CHECK (latitude BETWEEN -35 AND -22 AND longitude BETWEEN 16 AND 33),
	CONSTRAINT "places_population_check" CHECK ("places"."population" >= 0),
	CONSTRAINT "places_parent_check" CHECK ("places"."parent" <> "places"."value")
);
--> statement-breakpoint
ALTER TABLE "place_names" ADD CONSTRAINT "place_names_value_places_value_fk" FOREIGN KEY ("value") REFERENCES "public"."places"("value") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_parent_places_value_fk" FOREIGN KEY ("parent") REFERENCES "public"."places"("value") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_names_key_prefix_idx" ON "place_names" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "place_names_key_trgm_idx" ON "place_names" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_names_value_idx" ON "place_names" USING btree ("value");--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist (ll_to_earth("latitude", "longitude"));